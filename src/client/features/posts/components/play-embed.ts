import type { MouseEvent } from "react";

// The players' frame addresses of common/rules/embeds.ts (embedPlayerUrl), written here so the
// reader's post chunk does not take a shared chunk for them (reader budget); play-embed.test.ts
// checks both give the same address.
const PLAYERS: Record<string, string> = {
  youtube: "https://www.youtube-nocookie.com/embed/",
  vimeo: "https://player.vimeo.com/video/",
};

/** The player's address of a stored `data-embed`, or null (the sanitiser already checked it). */
export const playerUrl = (embed: string) => {
  const m = /^(youtube|vimeo):([\w-]{1,12})$/.exec(embed);
  return m ? `${PLAYERS[m[1]!]}${m[2]}?autoplay=1` : null;
};

/**
 * A click on a video embed's poster swaps in the player: until then nothing is loaded
 * from the video's site. The frame's address comes from `data-embed` alone; a modified click
 * follows the link as usual.
 */
export function playEmbed(event: MouseEvent) {
  const link = (event.target as Element).closest?.(".post-embed > a");
  const box = link?.parentElement;
  const src = box && playerUrl(box.dataset.embed ?? "");
  if (!src || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = link.textContent ?? "";
  frame.allow = "autoplay; fullscreen; picture-in-picture; encrypted-media";
  frame.allowFullscreen = true;
  box.replaceChildren(frame);
  frame.focus();
}
