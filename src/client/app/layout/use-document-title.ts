import { useEffect } from "react";
import { setServerShell, shell } from "../../lib/shell-data";

// Read by the pages and by entry-server.tsx; kept here for the pages that import them from here.
export { setServerShell, shell };

/**
 * Keeps <title> (and the meta description, when given) right after client-side navigation;
 * the server already sent them for the first page.
 */
export function useDocumentTitle(title: string | null, description?: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [description]);
}
