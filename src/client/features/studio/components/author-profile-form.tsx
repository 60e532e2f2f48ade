import { type FormEvent, useEffect, useRef, useState } from "react";
import { AUTHOR_BIO_MAX_LENGTH, type AuthorKey } from "../../../../common/limits";
import { AuthorProfileBodySchema } from "../../../../common/schemas/author-profile";
import { ApiError } from "../../../lib/api";
import { uploadPhoto } from "../../../lib/upload-photo";
import { useAuthorProfile, useSaveAuthorProfile } from "../api/author-profile";

type Field = "name" | "bio" | "photoUrl";

/** /admin: the name, short bio and photo readers see for this author. */
export default function AuthorProfileForm({ author }: { author: AuthorKey }) {
  const profile = useAuthorProfile(author);
  const save = useSaveAuthorProfile(author);
  const [name, setName] = useState("");
  const [bio, setBio] = useState("");
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    bio: useRef<HTMLTextAreaElement>(null),
    photoUrl: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    if (!profile.data) return;
    setName(profile.data.name);
    setBio(profile.data.bio);
    setPhotoUrl(profile.data.photoUrl);
  }, [profile.data]);

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    // Focus the first invalid field, in the order of the form.
    const first = (["name", "bio", "photoUrl"] as const).find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || uploading) return;
    setSaved(false);
    const parsed = AuthorProfileBodySchema.safeParse({ name, bio, photoUrl });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        found[f] ??= issue.message;
      }
      showErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const message =
          error instanceof ApiError ? error.message : "Failed to save your profile. Please try again.";
        if (/^Name/.test(message)) showErrors({ name: message });
        else if (/^Bio/.test(message)) showErrors({ bio: message });
        else if (/photo/i.test(message)) showErrors({ photoUrl: message });
      },
    });
  };

  const handlePhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      setPhotoUrl(await uploadPhoto(file));
      setErrors((e) => ({ ...e, photoUrl: undefined }));
    } catch (error) {
      showErrors({ photoUrl: error instanceof ApiError ? error.message : "Upload failed" });
    } finally {
      setUploading(false);
    }
  };

  const fieldProps = (f: Field) => ({
    "aria-invalid": errors[f] ? (true as const) : undefined,
    "aria-describedby": errors[f] ? `author-${f}-error` : undefined,
  });
  const errorOf = (f: Field) =>
    errors[f] ? (
      <p id={`author-${f}-error`} className="field-error">
        {errors[f]}
      </p>
    ) : null;

  return (
    <section className="author-profile" aria-labelledby="author-profile-heading">
      <h2 id="author-profile-heading">Your author profile</h2>
      <p>Readers see this name, bio and photo with your posts.</p>
      <form onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor="author-name">Name</label>
          <input
            id="author-name"
            className="input"
            ref={refs.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...fieldProps("name")}
          />
          {errorOf("name")}
        </div>
        <div className="field">
          <label htmlFor="author-bio">Short bio</label>
          <textarea
            id="author-bio"
            className="input"
            ref={refs.bio}
            rows={3}
            value={bio}
            onChange={(e) => setBio(e.target.value)}
            {...fieldProps("bio")}
          />
          <p className="field-hint">Up to {AUTHOR_BIO_MAX_LENGTH} characters.</p>
          {errorOf("bio")}
        </div>
        <div className="field">
          <label htmlFor="author-photo">Photo</label>
          {photoUrl ? (
            <img
              className="author-photo-preview"
              src={photoUrl}
              alt={name ? `${name}, as readers see you` : "You, as readers see you"}
              width={96}
              height={96}
            />
          ) : null}
          <input
            id="author-photo"
            ref={refs.photoUrl}
            type="file"
            accept="image/*"
            onChange={(e) => void handlePhoto(e.target.files?.[0])}
            {...fieldProps("photoUrl")}
          />
          {photoUrl ? (
            <button type="button" className="button button-ghost" onClick={() => setPhotoUrl(null)}>
              Remove photo
            </button>
          ) : null}
          {errorOf("photoUrl")}
        </div>
        <button type="submit" className="button" aria-disabled={save.isPending || uploading}>
          {save.isPending ? "Saving..." : uploading ? "Uploading..." : "Save profile"}
        </button>
        <div aria-live="polite">
          {saved ? <p className="studio-success">Profile saved.</p> : null}
          {save.isError && !Object.values(errors).some(Boolean) ? (
            <p className="studio-error" role="alert">
              Failed to save your profile. Please try again.
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
