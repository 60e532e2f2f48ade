import { useEffect } from "react";
import type { ShellData } from "../../../common/types";
import { readShellData } from "../../lib/shell-data";

let shellCache: ShellData | undefined;
let serverShell: ShellData | undefined;

/** On the server: the data of the page being rendered (set just before its synchronous render). */
export function setServerShell(data: ShellData): void {
  serverShell = data;
}

/** What the server inlined into the page (site name, public URL, Pinterest board), read once. */
export function shell(): ShellData {
  if (typeof document === "undefined") {
    if (!serverShell) throw new Error("No shell data on the server");
    return serverShell;
  }
  shellCache ??= readShellData();
  return shellCache;
}

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
