import { uploads } from "../../../../common/api";
import { call } from "../../../lib/api";

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** POST /api/uploads (multipart): the images, in order. Nothing cached depends on an upload. */
export async function uploadImages(files: File[]): Promise<UploadedImage[]> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  return ((await call(uploads, { body: form })) as { files: UploadedImage[] }).files;
}
