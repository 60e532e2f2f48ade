import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { DeviceClass } from "../../common/stats";

// What a beacon's request says about its reader, read once and never stored as it is.

/** The last answers of isbot's large pattern: most beacons come from a few browsers' agents. */
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_MAX = 1_000;

/** A request not to be counted: a bot (the isbot list; no user agent at all is one too). */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let bot = botAnswers.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botAnswers.size >= BOT_ANSWERS_MAX) botAnswers.clear();
    botAnswers.set(userAgent, bot);
  }
  return bot;
}

/** The reader asked not to be tracked (DNT: 1 or Global Privacy Control): not counted at all. */
export const optedOut = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers.dnt === "1" || headers["sec-gpc"] === "1";

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

/** Phone, tablet or desktop, from the user agent (which is not kept). */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}

/** Hex characters of the stored visitor hash (64 bits, as Plausible keeps). */
const HASH_LENGTH = 16;

/**
 * Plausible's daily visitor id: sha256(salt + day + address + user agent + site host). The salt
 * is random per day and deleted with the day's hashes, so a hash cannot be computed again later.
 */
export function visitorHash(salt: string, day: string, visitor: string, host: string): string {
  return createHash("sha256").update(`${salt}|${day}|${visitor}|${host}`).digest("hex").slice(0, HASH_LENGTH);
}

/** The UTC day (YYYY-MM-DD) and hour start (ISO) of a moment. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
export const utcHour = (at: Date): string => `${at.toISOString().slice(0, 13)}:00:00.000Z`;
