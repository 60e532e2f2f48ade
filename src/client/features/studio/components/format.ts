import type { PostStatus } from "../../../../common/limits";

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The status line of a post in 'Your posts'. */
export function statusText(status: PostStatus, date: string): string {
  if (status === "draft") return "Draft";
  if (status === "scheduled") return `Scheduled for ${formatTime(date)}`;
  return `Published ${formatTime(date)}`;
}
