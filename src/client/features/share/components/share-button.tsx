export interface ShareTarget {
  /** Absolute URL of the post. */
  url: string;
  title: string;
  hashtags: readonly string[];
}

/** SPEC §2: the X (Twitter) intent with the post URL, title and hashtags. */
export function shareIntentUrl({ url, title, hashtags }: ShareTarget): string {
  const params = new URLSearchParams({ url, text: title });
  if (hashtags.length > 0) params.set("hashtags", hashtags.join(","));
  return `https://twitter.com/intent/tweet?${params}`;
}

export function ShareButton(target: ShareTarget) {
  const href = shareIntentUrl(target);
  // A real link (works without JavaScript, middle-click); a click opens the intent in a popup.
  const handleClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.open(href, "share", "width=550,height=420");
  };
  return (
    <a
      className="button share-button"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={handleClick}
    >
      <span aria-hidden="true">𝕏 </span>Share on X
    </a>
  );
}
