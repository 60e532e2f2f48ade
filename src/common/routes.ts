import type { AuthorKey } from "./limits";

/**
 * The table of pages (SPEC §2): the client router builds its routes from it, the server's page
 * shell picks the chunk to preload and the tab title from it, the sitemap and robots.txt list it,
 * and every link is built with `paths`.
 */

/** SPEC §1: the two blogs' names by default (common/site-settings.ts blogName gives the ones in force). */
export const AUTHOR_TITLES: Record<AuthorKey, string> = { him: "His Blog", her: "Her Blog" };

interface PageDef {
  /** React Router pattern: `:name` is one segment, `*` anything else. */
  path: string;
  /** Tab title before ' - {site}'; null: the page sets its own (or, for home, the site name alone). */
  title: string | null;
  /** The lazily loaded file under src/client/app/routes/ that renders it. */
  chunk: string;
}

export const pages = {
  home: { path: "/", title: null, chunk: "home" },
  hisBlog: { path: "/his-blog", title: AUTHOR_TITLES.him, chunk: "his-blog" },
  herBlog: { path: "/her-blog", title: AUTHOR_TITLES.her, chunk: "her-blog" },
  contact: { path: "/contact", title: "Contact", chunk: "contact" },
  // SPEC §8 'Post ID is missing'.
  postWithoutId: { path: "/post", title: null, chunk: "post" },
  post: { path: "/post/:postId", title: null, chunk: "post" },
  tag: { path: "/tags/:tag", title: null, chunk: "tag" },
  search: { path: "/search", title: "Search", chunk: "search" },
  login: { path: "/login", title: "Login", chunk: "login" },
  register: { path: "/register", title: "Register", chunk: "register" },
  forgotPassword: { path: "/forgot-password", title: "Reset Password", chunk: "forgot-password" },
  resetPassword: { path: "/reset-password", title: "Choose a New Password", chunk: "reset-password" },
  // The studio: Write is /admin (SPEC §2); each other view is its own page and chunk.
  studio: { path: "/admin", title: "Blog Admin", chunk: "studio" },
  studioPosts: { path: "/admin/posts", title: "Posts", chunk: "studio-posts" },
  studioInbox: { path: "/admin/inbox", title: "Inbox", chunk: "studio-inbox" },
  studioAudience: { path: "/admin/audience", title: "Audience", chunk: "studio-audience" },
  studioPages: { path: "/admin/pages", title: "Pages", chunk: "studio-pages" },
  studioSettings: { path: "/admin/settings", title: "Settings", chunk: "studio-settings" },
  studioExport: { path: "/admin/export", title: "Export", chunk: "studio-export" },
  // The studio's statistics (docs/stats.md).
  studioStats: { path: "/admin/stats", title: "Stats", chunk: "studio-stats" },
  profile: { path: "/profile", title: "Profile", chunk: "profile" },
  // Where the links in audience emails land (confirm a follow, unsubscribe, stop notifications).
  subscriptions: { path: "/subscriptions", title: "Email subscriptions", chunk: "subscriptions" },
  // Pages the authors write; Privacy and Terms keep SPEC's footer addresses.
  privacy: { path: "/privacy", title: "Privacy Policy", chunk: "site-page" },
  terms: { path: "/terms", title: "Terms of Service", chunk: "site-page" },
  sitePage: { path: "/p/:slug", title: null, chunk: "site-page" },
  notFound: { path: "*", title: "Page not found", chunk: "not-found" },
} as const satisfies Record<string, PageDef>;

export type PageName = keyof typeof pages;
export type Page = (typeof pages)[PageName];
export type PageChunk = Page["chunk"];

/** Links, built one way everywhere. */
export const paths = {
  home: pages.home.path,
  hisBlog: pages.hisBlog.path,
  herBlog: pages.herBlog.path,
  contact: pages.contact.path,
  post: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}`,
  /** Search results for these words (from a later page's cursor); no words: the empty search page. */
  search: (q?: string, cursor?: string | null) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (q && cursor) params.set("cursor", cursor);
    const query = params.toString();
    return query ? `${pages.search.path}?${query}` : pages.search.path;
  },
  /** SPEC §2: login, then back to where the person was (never to the login page itself). */
  login: (from?: string | null) => withFrom(pages.login.path, from),
  register: pages.register.path,
  /** Registration on the way to logging in: the page the person started from travels along. */
  registerFrom: (from?: string | null) => withFrom(pages.register.path, from),
  forgotPassword: pages.forgotPassword.path,
  resetPassword: pages.resetPassword.path,
  studio: pages.studio.path,
  studioPosts: pages.studioPosts.path,
  studioInbox: pages.studioInbox.path,
  studioAudience: pages.studioAudience.path,
  studioPages: pages.studioPages.path,
  studioSettings: pages.studioSettings.path,
  studioExport: pages.studioExport.path,
  studioStats: pages.studioStats.path,
  profile: pages.profile.path,
  subscriptions: pages.subscriptions.path,
  /** Where the unsubscribe page's button posts its form (it works without JavaScript). */
  unsubscribeForm: `${pages.subscriptions.path}/unsubscribe`,
  /** What the form's POST answers with (Post/Redirect/Get): done for this blog, or the link was not valid. */
  unsubscribed: (author: AuthorKey | null) =>
    `${pages.subscriptions.path}?${author ? `unsubscribed=${author}` : "link=invalid"}`,
  privacy: pages.privacy.path,
  terms: pages.terms.path,
  blog: (author: AuthorKey) => (author === "him" ? pages.hisBlog.path : pages.herBlog.path),
  /** RSS of one author's blog (or of both). */
  feed: (author?: AuthorKey) => (author ? `${paths.blog(author)}/feed.xml` : "/feed.xml"),
} as const;

/** The title of a feed (its RSS channel, the page's alternate link): one blog's (by its name) or both. */
export const feedTitle = (siteName: string, blogName?: string): string =>
  blogName ? `${blogName} - ${siteName}` : `${siteName} Blog`;

function matches(pattern: string, pathname: string): boolean {
  if (pattern === "*") return true;
  const want = pattern.split("/");
  const have = pathname.split("/");
  if (want.length !== have.length) return false;
  return want.every((seg, i) => (seg.startsWith(":") ? (have[i] ?? "") !== "" : seg === have[i]));
}

/** The page that renders a path (query and trailing slashes ignored); unknown paths: notFound. */
export function pageFor(pathname: string): Page {
  const path = pathname.split("?")[0] ?? "/";
  const clean = path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
  return Object.values(pages).find((page) => matches(page.path, clean)) ?? pages.notFound;
}

/** The tab title of a page with a fixed title: 'Login - Duet', or the site name alone. */
export const pageTitle = (page: Page, siteName: string): string =>
  page.title ? `${page.title} - ${siteName}` : siteName;

/**
 * Where to go after signing in: only a same-site relative path (one leading slash, no scheme, no
 * backslash), so `?from=` can never send a person to another site.
 */
/** `path?from=…` when `from` is a same-site page other than home, else `path`. */
function withFrom(path: string, from: string | null | undefined): string {
  const back = from ? safeRedirectPath(from, "") : "";
  return back && back !== pages.home.path ? `${path}?from=${encodeURIComponent(back)}` : path;
}

export function safeRedirectPath(from: string | null | undefined, fallback = "/"): string {
  if (!from || from.length > 2000) return fallback;
  if (!from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn "/\t/x" into "//x".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(from)) return fallback;
  const login = pages.login.path;
  if (from === login || from.startsWith(`${login}?`) || from.startsWith(`${login}/`)) return fallback;
  return from;
}
