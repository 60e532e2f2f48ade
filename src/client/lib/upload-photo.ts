import { uploads, urlOf } from "../../common/api";
import { ApiError } from "./api";

/** POST /api/uploads (multipart) with one image; its stored URL. */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append("images", file, file.name);
  const res = await fetch(urlOf(uploads), { method: uploads.method, body: form, credentials: "same-origin" });
  const data = (await res.json().catch(() => null)) as {
    files?: Array<{ url: string }>;
    error?: { code: string; message: string };
  } | null;
  const url = data?.files?.[0]?.url;
  if (!res.ok || !url) {
    throw new ApiError(
      res.status,
      data?.error?.code ?? "HTTP_ERROR",
      data?.error?.message ?? "Upload failed",
    );
  }
  return url;
}
