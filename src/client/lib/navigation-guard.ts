import { type Location, parsePath, type To, UNSAFE_createBrowserHistory } from "react-router";

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** Answers whether the app may go to `next`; it may ask the person (window.confirm). */
export type NavigationGuard = (next: Pick<Location, "pathname">) => boolean;

let guard: NavigationGuard | null = null;

/**
 * While a page holds input that would be lost (the editor), every in-app navigation asks it first:
 * links and navigate() before the URL changes, Back and Forward by going back to where the person
 * was. Returns the function that removes the guard.
 */
export function setNavigationGuard(next: NavigationGuard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

const allows = (to: To): boolean => {
  if (!guard) return true;
  const path = typeof to === "string" ? parsePath(to) : to;
  return guard({ pathname: path.pathname ?? window.location.pathname });
};

/**
 * The browser history the router runs on (React Router's own), with the guard in front of it: the
 * declarative router has no blocker of its own, and the data router that has one costs the reader
 * ~14 KB of compressed JavaScript on every first load.
 */
export function createGuardedHistory(): BrowserHistory {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  // A refused Back or Forward is undone with history.go; the pop that undoing causes is ours.
  let undoing = false;
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state) {
      if (allows(to)) history.push(to, state);
    },
    replace(to, state) {
      if (allows(to)) history.replace(to, state);
    },
    listen(listener) {
      return history.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        if (update.action === "POP" && update.delta && !allows(update.location)) {
          undoing = true;
          history.go(-update.delta);
          return;
        }
        listener(update);
      });
    },
  };
}
