import { useEffect } from "react";
import { statsBeacon } from "../../../common/api/meta";
import { pageFor, pages } from "../../../common/routes";
import { COUNTED_PAGES } from "../../../common/stats";

// Cookie-free statistics (docs/stats.md): one beacon per view of a public page, and one when the
// end of a post's article comes into view. No cookie, no storage, nothing about the reader but
// what every request carries; the server drops bots and honours DNT / Sec-GPC.

const send = (body: object) => navigator.sendBeacon?.(statsBeacon.path, JSON.stringify(body));

/** The page that opened the app is the only one with an outside referrer and utm_source. */
let first = true;

/** Count this view; `counted: false` for the authors themselves (their own visits are not readers'). */
export function useStatsBeacon(pathname: string, counted: boolean): void {
  useEffect(() => {
    if (!counted) return;
    const page = pageFor(pathname);
    const from = first;
    first = false;
    if (!COUNTED_PAGES.has(page)) return;
    // The referrer's host and utm_source, as they are: the server keeps only a host name or a
    // short word (BeaconSchema) and drops our own host.
    const r = from && document.referrer ? new URL(document.referrer).host : "";
    const u = from ? (new URLSearchParams(location.search).get("utm_source") ?? "") : "";
    send({ p: pathname, r, u });
    if (page !== pages.post) return;
    // Reached the end: the bottom of the article is on screen once.
    const onScroll = () => {
      const article = document.querySelector("article.post");
      if (!article || article.getBoundingClientRect().bottom > innerHeight) return;
      removeEventListener("scroll", onScroll);
      send({ p: pathname, e: 1 });
    };
    addEventListener("scroll", onScroll, { passive: true });
    return () => removeEventListener("scroll", onScroll);
  }, [pathname, counted]);
}
