import { useCallback, useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "../../common/limits";

export type Theme = "dark" | "light";

// SPEC §4: the theme starts from the saved preference (default dark), set on <html> as data-theme
// by the inlined theme script before the first paint; the page reads it back from there.
const listeners = new Set<() => void>();

const read = (): Theme =>
  document.documentElement.getAttribute("data-theme") === "light" ? "light" : "dark";

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setTheme(theme: Theme) {
  document.documentElement.setAttribute("data-theme", theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the theme still applies for this visit.
  }
  for (const l of listeners) l();
}

/**
 * The current theme and its toggle. The server renders the default (dark); hydration starts from
 * it too and then takes the page's real theme, so a light reader's markup never mismatches.
 */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, read, () => "dark" as Theme);
  const toggle = useCallback(() => setTheme(read() === "dark" ? "light" : "dark"), []);
  return { theme, toggle };
}
