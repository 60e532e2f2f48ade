import { api } from "../../../lib/api";

export const deletePost = (id: string) =>
  api<null>(`/api/posts/${encodeURIComponent(id)}`, { method: "DELETE" });
