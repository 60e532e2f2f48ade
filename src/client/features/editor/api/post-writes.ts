import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import type { BlogPost } from "../../../../common/types";
import { api } from "../../../lib/api";

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
  return (await api<{ files: UploadedImage[] }>("/api/uploads", { method: "POST", body: form })).files;
}

/**
 * What every post write (publish, save, autosave) makes stale: the post itself shows the answer,
 * and every list of posts reloads.
 */
export function useAfterPostWrite() {
  const client = useQueryClient();
  return async (post?: BlogPost) => {
    if (post) client.setQueryData(queryKeys.post(post.id), post);
    await client.invalidateQueries({ queryKey: queryKeys.postLists });
  };
}

export interface PostBody {
  title: string;
  content: string;
  excerpt: string;
  hashtags: string[];
  images: BlogPost["images"];
  imageUrl: string | null;
}

/** A post is saved as a draft, scheduled (publishAt, ISO 8601) or published (the default). */
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
