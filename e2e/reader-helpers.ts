import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import type { BlogPost } from "../src/common/types";
import { type DuetServer, expect, HER_EMAIL, HIM_EMAIL, PASSWORD } from "./fixtures";

export interface NewPost {
  title: string;
  content: string;
  excerpt?: string;
  hashtags?: string[];
  images?: BlogPost["images"];
  imageUrl?: string | null;
  /** The post's address (docs/decisions/0033-post-addresses.md); left out: made from the title. */
  slug?: string;
  /** Default 'published'; 'draft' keeps it for its author only. */
  status?: "draft" | "published";
}

/** A small real PNG, for uploads. */
export const pngImage = (width = 64, height = 40, colour = "#c8704a") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * Publishes posts through the real API as an author (the way the admin form does), so the reader
 * pages are tested against data the server stored and sanitised itself.
 */
export async function authorClient(
  request: APIRequestContext,
  server: DuetServer,
  author: "him" | "her",
): Promise<{
  publish(post: NewPost): Promise<BlogPost>;
  upload(name: string, bytes: Buffer): Promise<string>;
  edit(id: string, changes: Partial<NewPost>): Promise<BlogPost>;
  setProfile(profile: { name: string; bio?: string; photoUrl?: string | null }): Promise<void>;
}> {
  const email = author === "him" ? HIM_EMAIL : HER_EMAIL;
  const signIn = await request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: server.baseURL },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return {
    async publish(post) {
      const res = await request.post(`${server.baseURL}/api/posts`, {
        data: { author, excerpt: "", hashtags: [], images: [], ...post },
        headers: { origin: server.baseURL },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as BlogPost;
    },
    async edit(id, changes) {
      const res = await request.patch(`${server.baseURL}/api/posts/${id}`, {
        data: changes,
        headers: { origin: server.baseURL },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as BlogPost;
    },
    async setProfile(profile) {
      const res = await request.put(`${server.baseURL}/api/authors/${author}`, {
        data: profile,
        headers: { origin: server.baseURL },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    async upload(name, bytes) {
      const res = await request.post(`${server.baseURL}/api/uploads`, {
        multipart: { files: { name, mimeType: "image/png", buffer: bytes } },
        headers: { origin: server.baseURL },
      });
      expect(res.status(), await res.text()).toBe(201);
      const body = (await res.json()) as { files: Array<{ url: string }> };
      return body.files[0]!.url;
    },
  };
}
