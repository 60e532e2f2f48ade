import { META_DESCRIPTION_LENGTH } from "../limits";
import { firstChars, htmlToText } from "./excerpt";

/** SPEC §2: a post page's meta description is the first 160 characters of its content's text. */
export function metaDescription(content: string, fallback = ""): string {
  const text = htmlToText(content);
  return text ? firstChars(text, META_DESCRIPTION_LENGTH) : firstChars(fallback, META_DESCRIPTION_LENGTH);
}

/** SPEC §2: the post page's title suffix ' - {product} Blog'. */
export function postPageTitle(title: string, siteName: string): string {
  return `${title} - ${siteName} Blog`;
}
