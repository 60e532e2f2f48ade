import type { AuthorKey } from "../../../../common/limits";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** 'March 4, 2025'; an unreadable date shows as nothing rather than 'Invalid Date'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dateFormat.format(d);
}

export const authorLabel = (author: AuthorKey) => (author === "him" ? "Him" : "Her");

/** SPEC §8: broken images are hidden. */
export function hideBrokenImage(event: { currentTarget: HTMLImageElement }) {
  event.currentTarget.hidden = true;
}
