import { htmlToText } from "./excerpt";

/** Words an adult reads in a minute on a screen (the figure Medium and Ghost use). */
export const READING_WORDS_PER_MINUTE = 230;

/** Words of post content: its text (tags stripped, entities decoded), not its markup. */
export function countWords(html: string): number {
  const text = htmlToText(html);
  return text ? text.split(" ").filter((w) => /[\p{L}\p{N}]/u.test(w)).length : 0;
}

/** Whole minutes to read a post, at least 1 ('1 min read' for a short note). */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.round(countWords(html) / READING_WORDS_PER_MINUTE));
}

export const readingTimeLabel = (minutes: number): string => `${minutes} min read`;
