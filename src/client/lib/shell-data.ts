import type { ShellData } from "../../common/types";

/** What the server inlined into the page (see server/shell/page-shell.ts). */
export function readShellData(): ShellData {
  const el = document.getElementById("duet-data");
  const fallback: ShellData = {
    viewer: null,
    siteName: "Duet",
    publicUrl: location.origin,
    pinterestBoardUrl: null,
    queries: [],
  };
  if (!el?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(el.textContent) as Partial<ShellData>) };
  } catch {
    return fallback;
  }
}
