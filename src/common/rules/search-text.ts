/**
 * What a person typed into a search box, as searched: control characters are spaces, runs of
 * spaces one, no spaces at the ends ('' when nothing is left: no search, no results). No zod here:
 * the navbar's box uses it on every page's first load.
 */
export const normaliseSearchText = (raw: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed here.
  raw.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
