import sanitizeHtml from "sanitize-html";
import { cleanAttribute, DROP_WITH_CONTENT, POST_ATTRIBUTES, POST_TAGS } from "../../common/rules/post-html";

/** Apply the shared attribute rule in a transform, so sanitize-html only sees clean values. */
const transform: sanitizeHtml.Transformer = (tagName, attribs) => {
  const out: sanitizeHtml.Attributes = {};
  for (const name of POST_ATTRIBUTES[tagName] ?? []) {
    // A link always gets its rel, in its place in the list: the same link is written the same
    // whether or not the input had one (saving an unchanged post changes nothing).
    const value = tagName === "a" && name === "rel" && out.href ? "" : attribs[name];
    if (value === undefined) continue;
    const cleaned = cleanAttribute(tagName, name, value);
    if (cleaned !== null) out[name] = cleaned;
  }
  return { tagName, attribs: out };
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(POST_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  // Values were already checked by cleanAttribute; these stay as a second fence.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: Object.fromEntries(POST_TAGS.map((t) => [t, transform])),
  // An image whose src did not survive is removed whole.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Post content as stored: only what the editor produces (server side of the allowlist). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
