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

/** Issue 10: a post is saved as a draft, scheduled (publishAt, ISO 8601) or published (the default). */
export interface Publishing {
  status?: "draft" | "scheduled" | "published";
  publishAt?: string;
}

export const createPost = (
  body: PostBody & Publishing & { author: BlogPost["author"] },
  options: { keepalive?: boolean } = {},
) => api<BlogPost>("/api/posts", { method: "POST", body, ...options });

/** `autosave: true` marks the editor's periodic saves (the server coalesces their revisions). */
export const updatePost = (
  id: string,
  body: PostBody & Publishing & { autosave?: boolean },
  options: { keepalive?: boolean } = {},
) => api<BlogPost>(`/api/posts/${encodeURIComponent(id)}`, { method: "PATCH", body, ...options });
