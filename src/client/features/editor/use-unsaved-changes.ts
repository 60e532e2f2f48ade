import { useEffect } from "react";
import { setNavigationGuard } from "../../lib/navigation-guard";

export const UNSAVED_CHANGES_TEXT = "You have unsaved changes. Leave this page and lose them?";

/** No lost input: warn before the tab closes or the app navigates away with unsaved changes. */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", handleBeforeUnload);
    // Another page asks; a change of query string or hash on this page does not.
    const here = window.location.pathname;
    const removeGuard = setNavigationGuard(
      (next) => next.pathname === here || window.confirm(UNSAVED_CHANGES_TEXT),
    );
    return () => {
      window.removeEventListener("beforeunload", handleBeforeUnload);
      removeGuard();
    };
  }, [dirty]);
}
