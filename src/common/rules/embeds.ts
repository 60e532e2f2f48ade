/**
 * Video embeds: a YouTube or Vimeo link becomes a block that loads nothing from that
 * site until the reader clicks it. Stored as
 *   <div class="post-embed" data-embed="youtube:{id}"><a href="{watch url}" rel="…">{title}</a></div>
 * The link works without JavaScript; the reader's click handler swaps in the player's iframe,
 * built only from `data-embed` (never from the link), on the privacy-friendly player hosts.
 */
/** `data-embed` as stored: provider and the video's id (YouTube: 11 characters; Vimeo: digits). */
export const EMBED_RE = /^(?:youtube:[A-Za-z0-9_-]{11}|vimeo:\d{1,12})$/;

/** The hosts the players' frames come from (the CSP's frame-src names exactly these). */
export const EMBED_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "www.youtu.be",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The embed a pasted link stands for (`youtube:id`), or null when it is not a video link. */
export function embedFromUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    const id = host.endsWith("youtu.be")
      ? parts[0]
      : parts[0] === "watch"
        ? url.searchParams.get("v")
        : ["embed", "shorts", "live", "v"].includes(parts[0] ?? "")
          ? parts[1]
          : null;
    return id && YOUTUBE_ID.test(id) ? `youtube:${id}` : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    const id = host === "player.vimeo.com" ? parts[1] : parts.find((p) => /^\d{1,12}$/.test(p));
    return id && /^\d{1,12}$/.test(id) ? `vimeo:${id}` : null;
  }
  return null;
}

/** The address readers without JavaScript follow (and share). */
export function embedWatchUrl(embed: string): string {
  const [provider, id] = embed.split(":");
  return provider === "youtube" ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

/** The player's frame address (YouTube's no-cookie host), playing at once: the reader asked. */
export function embedPlayerUrl(embed: string): string | null {
  if (!EMBED_RE.test(embed)) return null;
  const [provider, id] = embed.split(":");
  return provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`
    : `https://player.vimeo.com/video/${id}?autoplay=1`;
}

/** What the poster says until the author writes a title. */
export const defaultEmbedTitle = (embed: string) =>
  embed.startsWith("youtube:") ? "Video on YouTube" : "Video on Vimeo";

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The stored HTML of an embed, exactly as the server's sanitiser writes it. */
export const embedHtml = (embed: string, title: string) =>
  `<div class="post-embed" data-embed="${embed}"><a href="${embedWatchUrl(embed).replace(/&/g, "&amp;")}" rel="noopener noreferrer">${escapeText(title)}</a></div>`;
