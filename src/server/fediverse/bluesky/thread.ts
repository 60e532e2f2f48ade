// The answer of an AppView's `app.bsky.feed.getPostThread` about one of our cards, read as
// outside data (decision 0051): every field checked, bounded, and the whole answer refused when
// any part of it is not what the lexicon says, so nothing of a hostile answer is stored.

/** Replies taken from one thread read, at most (a larger thread is read in later rounds). */
export const THREAD_REPLIES_MAX = 500;
/** How deep a thread is read (the AppView caps `depth` at 1000; comments are two levels here). */
export const THREAD_DEPTH = 50;
const TEXT_MAX = 3000;
const NAME_MAX = 640;
const COUNT_MAX = 1_000_000_000;

export interface ThreadReply {
  uri: string;
  /** The post it answers: the card, or another reply in the thread (read before it). */
  parentUri: string;
  did: string;
  handle: string;
  displayName: string;
  /** The author's avatar as the AppView names it (a CDN address), or null. */
  avatar: string | null;
  text: string;
  createdAt: Date;
}

export interface CardThread {
  likeCount: number;
  repostCount: number;
  /** Parents before their replies. */
  replies: ThreadReply[];
  /** Every reply was read (no more than THREAD_REPLIES_MAX, none cut by depth): gone ones may go. */
  complete: boolean;
}

const DID = /^did:(plc:[a-z2-7]{24}|web:[a-zA-Z0-9.:%-]{1,253})$/;
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const RKEY = /^[A-Za-z0-9._:~-]{1,512}$/;
const THREAD_POST = "app.bsky.feed.defs#threadViewPost";
const GONE = new Set(["app.bsky.feed.defs#notFoundPost", "app.bsky.feed.defs#blockedPost"]);

class Refused extends Error {}
const refuse = (why: string): never => {
  throw new Refused(why);
};

type Obj = Record<string, unknown>;
const obj = (v: unknown, what: string): Obj =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : refuse(`${what} is not an object`);
const str = (v: unknown, what: string, max: number): string =>
  typeof v === "string" && v.length <= max ? v : refuse(`${what} is not text`);
const count = (v: unknown): number =>
  v === undefined
    ? 0
    : Number.isInteger(v) && (v as number) >= 0
      ? Math.min(v as number, COUNT_MAX)
      : refuse("count");

/** An `at://did/app.bsky.feed.post/rkey` address of a post by `did`, or refused. */
function postUri(v: unknown, did?: string): string {
  const uri = str(v, "uri", 600);
  const [scheme, , repo, collection, rkey, ...rest] = uri.split("/");
  if (scheme !== "at:" || rest.length > 0 || collection !== "app.bsky.feed.post") refuse("uri");
  if (!DID.test(repo ?? "") || !RKEY.test(rkey ?? "") || (did && repo !== did)) refuse("uri's repository");
  return uri;
}

const image = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const url = str(v, "avatar", 2000);
  return /^https?:\/\/[^\s]+$/.test(url) && URL.canParse(url) ? url : null;
};

interface PostView {
  uri: string;
  author: { did: string; handle: string; displayName: string; avatar: string | null };
  record: { text: string; createdAt: Date; parentUri: string | null };
  likeCount: number;
  repostCount: number;
}

function postView(v: unknown): PostView {
  const post = obj(v, "post");
  const author = obj(post.author, "author");
  const did = str(author.did, "did", 300);
  if (!DID.test(did)) refuse("did");
  const handle = str(author.handle, "handle", 253);
  const record = obj(post.record, "record");
  if (record.$type !== "app.bsky.feed.post") refuse("record type");
  const createdAt = new Date(str(record.createdAt, "createdAt", 64));
  if (Number.isNaN(createdAt.getTime())) refuse("createdAt");
  const reply = record.reply === undefined ? null : obj(record.reply, "reply");
  return {
    uri: postUri(post.uri, did),
    author: {
      did,
      // A handle the AppView could not verify is "handle.invalid": shown as the DID then.
      handle: HANDLE.test(handle) && !handle.endsWith(".invalid") ? handle.toLowerCase() : did,
      displayName: author.displayName === undefined ? "" : str(author.displayName, "displayName", NAME_MAX),
      avatar: image(author.avatar),
    },
    record: {
      text: str(record.text, "text", TEXT_MAX * 4),
      createdAt,
      parentUri: reply ? postUri(obj(reply.parent, "reply parent").uri) : null,
    },
    likeCount: count(post.likeCount),
    repostCount: count(post.repostCount),
  };
}

/**
 * The card's counts and its replies (depth first, parents before replies), or null when the
 * answer is not a thread of the card `cardUri` as the lexicon describes one.
 */
export function parseCardThread(answer: unknown, cardUri: string): CardThread | null {
  try {
    const root = obj(obj(answer, "answer").thread, "thread");
    if (root.$type !== THREAD_POST) return null;
    const card = postView(root.post);
    if (card.uri !== cardUri) return null;
    const replies: ThreadReply[] = [];
    const seen = new Set<string>([card.uri]);
    let complete = true;
    // Depth first with an explicit stack: a hostile answer nested a million deep is no recursion.
    const stack: { node: unknown; parentUri: string; depth: number }[] = [];
    const push = (node: Obj, parentUri: string, depth: number) => {
      const children: unknown = node.replies;
      if (children === undefined) return;
      if (!Array.isArray(children)) return refuse("replies");
      if (children.length > THREAD_REPLIES_MAX * 2) refuse("too many replies");
      if (depth >= THREAD_DEPTH && children.length > 0) complete = false;
      else
        for (const child of [...children].reverse()) stack.push({ node: child, parentUri, depth: depth + 1 });
    };
    push(root, card.uri, 0);
    while (stack.length > 0) {
      const { node, parentUri, depth } = stack.pop()!;
      const entry = obj(node, "reply");
      if (typeof entry.$type === "string" && GONE.has(entry.$type)) continue;
      if (entry.$type !== THREAD_POST) refuse("reply type");
      const view = postView(entry.post);
      // Each reply once, under the post it says it answers.
      if (seen.has(view.uri) || view.record.parentUri !== parentUri) refuse("reply's parent");
      seen.add(view.uri);
      if (replies.length >= THREAD_REPLIES_MAX) {
        complete = false;
        continue;
      }
      replies.push({
        uri: view.uri,
        parentUri,
        did: view.author.did,
        handle: view.author.handle,
        displayName: view.author.displayName,
        avatar: view.author.avatar,
        text: view.record.text,
        createdAt: view.record.createdAt,
      });
      push(entry, view.uri, depth);
    }
    return { likeCount: card.likeCount, repostCount: card.repostCount, replies, complete };
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}
