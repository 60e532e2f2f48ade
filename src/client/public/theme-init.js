// SPEC §4: the theme starts from the saved preference (default dark) before the first paint.
let saved = null;
try {
  saved = localStorage.getItem("duet-theme");
} catch {
  // Storage blocked: default dark.
}
document.documentElement.setAttribute("data-theme", saved === "light" ? "light" : "dark");
// No lost input: a form of the server's page submitted (Enter) before the app has taken it over
// would reload the page and drop what was typed, so it waits for the app (router.tsx sets
// duetReady). A form built to work without the app says so with data-native (the search box).
document.addEventListener(
  "submit",
  (event) => {
    if (!window.duetReady && !event.target.hasAttribute("data-native")) event.preventDefault();
  },
  true,
);
