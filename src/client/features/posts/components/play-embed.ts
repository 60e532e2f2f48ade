import type { MouseEvent } from "react";
import { embedPlayerUrl } from "../../../../common/rules/embeds";

/**
 * A click on a video embed's poster swaps in the player (issue 20): until then nothing is loaded
 * from the video's site. The frame's address comes from `data-embed` alone (checked again here);
 * a modified click follows the link as usual.
 */
export function playEmbed(event: MouseEvent) {
  const link = (event.target as Element).closest?.(".post-embed > a");
  const box = link?.parentElement;
  const src = box && embedPlayerUrl(box.dataset.embed ?? "");
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
