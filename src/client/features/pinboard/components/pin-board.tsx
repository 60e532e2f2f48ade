import { useEffect, useRef, useState } from "react";
import { PIN_WIDGET_FALLBACK_MS } from "../../../../common/limits";
import "../pinboard.css";

export const PINTEREST_SCRIPT_SRC = "https://assets.pinterest.com/js/pinit.js";
export const PIN_FALLBACK_TEXT = "Visit our Pinterest board for more inspiration.";
export const PIN_LOADING_TEXT = "Loading pins…";

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
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    setFallback(false);
    setRendered(false);
    // The script replaces the anchor with its own spans/iframe once it has rendered the board.
    const hasBoard = () => !!widgetRef.current?.querySelector("iframe, span");
    const observer = new MutationObserver(() => {
      if (hasBoard()) setRendered(true);
    });
    if (boardUrl && widgetRef.current) {
      observer.observe(widgetRef.current, { childList: true, subtree: true });
      loadWidgetScript();
    }
    const timer = window.setTimeout(() => {
      if (!boardUrl || !hasBoard()) setFallback(true);
    }, PIN_WIDGET_FALLBACK_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
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
      {/* While waiting, say so rather than showing a bare heading. */}
      {!fallback && !rendered ? (
        <p className="pin-loading" aria-busy="true">
          {PIN_LOADING_TEXT}
        </p>
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
