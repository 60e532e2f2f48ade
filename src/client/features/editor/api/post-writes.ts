import type { BlogPost } from "../../../../common/types";
import { ApiError, api } from "../../../lib/api";

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** POST /api/uploads (multipart): the images, in order. */
export async function uploadImages(files: File[]): Promise<UploadedImage[]> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  const res = await fetch("/api/uploads", { method: "POST", body: form, credentials: "same-origin" });
  const data = (await res.json().catch(() => null)) as {
    files?: UploadedImage[];
    error?: { code: string; message: string };
  } | null;
  if (!res.ok || !data?.files) {
    throw new ApiError(
      res.status,
      data?.error?.code ?? "HTTP_ERROR",
      data?.error?.message ?? "Upload failed",
    );
  }
  return data.files;
}

export interface PostBody {
  title: string;
  content: string;
  excerpt: string;
  hashtags: string[];
  images: BlogPost["images"];
  imageUrl: string | null;
}

export const createPost = (body: PostBody & { author: BlogPost["author"] }) =>
  api<BlogPost>("/api/posts", { method: "POST", body });

export const updatePost = (id: string, body: PostBody) =>
  api<BlogPost>(`/api/posts/${encodeURIComponent(id)}`, { method: "PATCH", body });
