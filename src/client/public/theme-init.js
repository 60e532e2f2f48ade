// SPEC §4: the theme starts from the saved preference (default dark) before the first paint.
let saved = null;
try {
  saved = localStorage.getItem("duet-theme");
} catch {
  // Storage blocked: default dark.
}
document.documentElement.setAttribute("data-theme", saved === "light" ? "light" : "dark");
