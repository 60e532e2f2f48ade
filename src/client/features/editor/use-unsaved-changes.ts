import { useEffect } from "react";
import { useBlocker } from "react-router";

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
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_TEXT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
