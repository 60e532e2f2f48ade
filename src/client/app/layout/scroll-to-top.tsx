import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** A new page starts at its top; going back keeps the browser's own scroll restoration. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new pathname on purpose.
  useEffect(() => {
    if (type !== "POP") window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}
