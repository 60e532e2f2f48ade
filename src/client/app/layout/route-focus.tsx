import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new page may take to show its h1 (a post still loading) before we give up. */
const HEADING_WAIT_MS = 5_000;

/**
 * After a client-side page change, focus moves to the new page's h1, so a screen reader announces
 * the page and the next Tab starts from its top. The first, server-rendered page keeps
 * the browser's own focus; a permalink (`#comment-…`) focuses its target itself.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  // The pathname already focused (or the first one): StrictMode's second effect run and in-page
  // changes (query string, hash) do not move focus.
  const handled = useRef(pathname);
  useEffect(() => {
    if (handled.current === pathname) return;
    handled.current = pathname;
    if (window.location.hash) return;
    return focusHeadingWhenShown(document.activeElement);
  }, [pathname]);
  return null;
}

function focusHeadingWhenShown(activeAtNavigation: Element | null): () => void {
  const main = document.getElementById("main");
  if (!main) return () => {};
  const tryFocus = () => {
    const heading = main.querySelector("h1");
    if (!heading) return false;
    // Someone already moved focus elsewhere while the page loaded: leave it there.
    const active = document.activeElement;
    if (active && active !== document.body && active !== activeAtNavigation && active.isConnected) {
      return true;
    }
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
