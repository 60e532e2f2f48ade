import type { AuthorKey } from "../../../../common/limits";

// One time zone on the server and in every browser, so hydration never meets a different day.
const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

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

/**
 * SPEC §8 for server-rendered images: one that failed before the page was hydrated fired its
 * error event before React listened, so check it once React has the element.
 */
export function hideIfAlreadyBroken(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) img.hidden = true;
}
