import { useEffect, useRef, useState } from "react";
import { PIN_WIDGET_FALLBACK_MS } from "../../../../common/limits";
import "../pinboard.css";

export const PINTEREST_SCRIPT_SRC = "https://assets.pinterest.com/js/pinit.js";
export const PIN_FALLBACK_TEXT = "Visit our Pinterest board for more inspiration.";

declare global {
  interface Window {
    PinUtils?: { build?: () => void };
  }
}

/** SPEC §7: the page loads the widget script from the provider and adds it to the body. */
function loadWidgetScript() {
  if (document.querySelector(`script[src="${PINTEREST_SCRIPT_SRC}"]`)) {
    // Already on the page from an earlier visit: ask it to render the new anchor.
    window.PinUtils?.build?.();
    return;
  }
  const script = document.createElement("script");
  script.src = PINTEREST_SCRIPT_SRC;
  script.async = true;
  document.body.appendChild(script);
}

/**
 * Her sidebar (SPEC §2): the embedded Pinterest board; when the widget is still empty after
 * 5 seconds (script blocked, offline, no board configured) a fallback text shows instead.
 */
export function PinBoard({ boardUrl }: { boardUrl: string | null }) {
  const widgetRef = useRef<HTMLDivElement>(null);
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    setFallback(false);
    if (boardUrl) loadWidgetScript();
    const timer = window.setTimeout(() => {
      // The script replaces the anchor with its own spans/iframe once it has rendered the board.
      const rendered = widgetRef.current?.querySelector("iframe, span");
      if (!boardUrl || !rendered) setFallback(true);
    }, PIN_WIDGET_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [boardUrl]);

  return (
    <aside className="sidebar" aria-label="Pinterest board">
      <h2 className="sidebar-title">Pinterest inspiration</h2>
      {boardUrl && !fallback ? (
        <div className="pin-widget" ref={widgetRef}>
          <a
            data-pin-do="embedBoard"
            data-pin-board-width="280"
            data-pin-scale-height="400"
            data-pin-scale-width="80"
            href={boardUrl}
          >
            Our Pinterest board
          </a>
        </div>
      ) : null}
      {fallback ? (
        <p className="pin-fallback">
          {boardUrl ? (
            <a href={boardUrl} target="_blank" rel="noopener noreferrer">
              {PIN_FALLBACK_TEXT}
            </a>
          ) : (
            PIN_FALLBACK_TEXT
          )}
        </p>
      ) : null}
    </aside>
  );
}
