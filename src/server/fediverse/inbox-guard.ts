/**
 * What an inbox body must look like before Fedify reads it (docs/fediverse.md, "What Duet
 * refuses"). Plain JSON checks, no JSON-LD: they run before the signature is checked, cost
 * microseconds, and answer a clear 400 instead of letting a hostile shape reach the JSON-LD
 * processor (whose recursion a 20,000-deep array overflows) or a listener.
 */

/** How deep an inbox body may nest: a Mastodon Create with tags, attachments and an inline context is 5. */
export const INBOX_MAX_DEPTH = 32;

/** The activity types Duet acts on; any other is refused, so a sender knows nothing was done. */
export const HANDLED_TYPES = new Set([
  "Follow",
  "Undo",
  "Like",
  "Announce",
  "Create",
  "Update",
  "Delete",
  "Flag",
]);

/** Types whose object is the actor's own: its id must be on the actor's server (Mastodon's `invalid_origin?`). */
const OWN_OBJECT_TYPES = new Set(["Create", "Update", "Delete", "Undo"]);

export interface Refusal {
  status: 400;
  code: string;
  message: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const refusal = (code: string, message: string): Refusal => ({ status: 400, code, message });

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Deeper than `max`? Walked with a stack of its own: the check itself must not recurse. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The id a JSON-LD reference names: a string, an object's `id`, or a one-element array of either. */
export function idOf(value: unknown): string | null {
  const one = Array.isArray(value) ? (value.length === 1 ? value[0] : null) : value;
  if (typeof one === "string") return one;
  if (isObject(one) && typeof one.id === "string") return one.id;
  return null;
}

/** The origin of an http(s) URL, or null for anything else. */
export function originOf(url: string | null): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
}

/** Why this activity is refused, or null when it may go on to the signature check. */
export function checkActivity(json: unknown): Refusal | null {
  if (nestsDeeperThan(json, INBOX_MAX_DEPTH))
    return refusal("TOO_DEEP", `An activity may nest at most ${INBOX_MAX_DEPTH} levels.`);
  if (!isObject(json)) return refusal("INVALID_ACTIVITY", "An activity is a JSON object.");
  const type = json.type;
  if (typeof type !== "string" || type === "")
    return refusal("INVALID_ACTIVITY", "An activity needs a type.");
  if (!HANDLED_TYPES.has(type))
    return refusal("UNSUPPORTED_ACTIVITY", `Duet does not act on ${type.slice(0, 40)} activities.`);
  const actor = originOf(idOf(json.actor));
  if (!actor) return refusal("INVALID_ACTIVITY", "An activity needs one actor, named by its URL.");
  const id = typeof json.id === "string" ? originOf(json.id) : null;
  if (!id) return refusal("INVALID_ACTIVITY", "An activity needs an id (a URL).");
  if (id !== actor) return refusal("INVALID_ORIGIN", "The activity's id is not on its actor's server.");
  if (OWN_OBJECT_TYPES.has(type)) {
    const objectId = idOf(json.object);
    if (!objectId) return refusal("INVALID_ACTIVITY", `A ${type} needs an object with an id.`);
    if (originOf(objectId) !== actor)
      return refusal("INVALID_ORIGIN", "The object's id is not on its actor's server.");
    // An embedded object speaks for the actor only: an Undo of someone else's Follow, or a Note
    // attributed to another account, is refused.
    const object = Array.isArray(json.object) ? json.object[0] : json.object;
    if (isObject(object)) {
      const by = object.actor ?? object.attributedTo;
      if (by !== undefined && idOf(by) !== idOf(json.actor))
        return refusal("INVALID_ORIGIN", "The object belongs to another actor.");
    }
  }
  return null;
}

/** The same check over the raw body: JSON first (V8's parser does not recurse on the stack). */
export function checkInboxBody(body: Uint8Array): Refusal | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return refusal("INVALID_JSON", "The body is not JSON.");
  }
  return checkActivity(json);
}
