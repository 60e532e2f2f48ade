import { z } from "zod";
import { strictBody } from "./body";

/** The longest URL the endpoint takes (browsers and servers commonly stop near here). */
export const WEBMENTION_URL_MAX = 2048;
export const WEBMENTION_URL_MESSAGE = "source and target must be http or https URLs.";

const HttpUrl = z
  .string({ message: WEBMENTION_URL_MESSAGE })
  .trim()
  .max(WEBMENTION_URL_MAX, WEBMENTION_URL_MESSAGE)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBMENTION_URL_MESSAGE)
  .transform((value) => new URL(value).href);

/** W3C Webmention §3.2: a form-encoded `source` and `target`; nothing else is taken. */
export const WebmentionBodySchema = strictBody({ source: HttpUrl, target: HttpUrl });
