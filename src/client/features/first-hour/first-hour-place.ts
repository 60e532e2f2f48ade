// Loaded with /admin itself (a few bytes): whether the first hour's checklist shows, and the
// space kept for it while it loads, so the studio below does not move under a click.

export const FIRST_HOUR_PLACE = { minHeight: "16rem", margin: "1.5rem 0" } as const;

export const firstHourDismissedKey = (userId: string) => `duet-first-hour-dismissed:${userId}`;

/** Whether this author dismissed the checklist in this browser. */
export function firstHourDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(firstHourDismissedKey(userId)) === "1";
  } catch {
    return false;
  }
}
