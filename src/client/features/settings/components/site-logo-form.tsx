import { useId, useState } from "react";
import { ApiError } from "../../../lib/api";
import { uploadPhoto } from "../../../lib/upload-photo";
import { useSaveSiteSettings, useSiteSettings } from "../api/site-settings";
import "../settings.css";

/**
 * The site's logo, shown before its name in the navbar and as the favicon. Uploaded
 * through the image pipeline (a file that is not an image is refused there), then saved as a setting.
 */
export default function SiteLogoForm() {
  const uid = useId();
  const settings = useSiteSettings();
  const save = useSaveSiteSettings();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const logoUrl = settings.data?.logoUrl ?? "";

  const saveLogo = async (next: string, file?: File) => {
    setBusy(true);
    setMessage(null);
    try {
      const url = file ? await uploadPhoto(file) : next;
      await save.mutateAsync({ logoUrl: url });
      setMessage({
        error: false,
        text: url ? "Logo saved. Readers see it on their next page." : "Logo removed.",
      });
    } catch (error) {
      setMessage({
        error: true,
        text: error instanceof ApiError ? error.message : "Failed to save the logo.",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="site-settings site-logo" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>Logo</h2>
      {logoUrl ? (
        <img src={logoUrl} alt="The current logo" width={64} height={64} className="site-logo-preview" />
      ) : null}
      <label className="field" htmlFor={`${uid}-file`}>
        <span>Logo and favicon image</span>
        <input
          id={`${uid}-file`}
          type="file"
          accept="image/*"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void saveLogo("", file);
            e.target.value = "";
          }}
        />
      </label>
      {logoUrl ? (
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => saveLogo("")}>
          Remove the logo
        </button>
      ) : null}
      {busy ? <p aria-busy="true">Saving...</p> : null}
      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={message.error ? "form-error" : "form-success"}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
