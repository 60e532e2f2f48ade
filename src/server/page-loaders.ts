import { AUTHORS, type AuthorKey, HOME_LATEST_POSTS } from "../common/limits";
import { firstPageOf, inlineQuery, queryKeys } from "../common/query-keys";
import { feedTitle, type PageName, pages, pageTitle, paths } from "../common/routes";
import { normaliseTagParam } from "../common/rules/hashtag-link";
import { postPageTitle } from "../common/rules/meta";
import { blogName } from "../common/site-settings";
import type { PageLoader, PageModel, PageVisit } from "./content/page-model";
import type { AppContext } from "./context";
import { cachedPostList, parsePostListQuery } from "./posts/posts.reads";
import { searchPage } from "./search/search-page";
import { cachedPublicSiteSettings } from "./settings/settings.reads";
import { postPage } from "./shell/post-page";
import { sitePageLoader } from "./site-pages/site-page-loader";

const simple =
  (name: PageName, options: { status?: number; serverRendered?: boolean; cacheable?: boolean } = {}) =>
  async (ctx: AppContext, { pathname }: PageVisit): Promise<PageModel> => {
    const site = await cachedPublicSiteSettings(ctx);
    const { siteName } = site;
    return {
      head: {
        title: pageTitle(pages[name], siteName),
        description: site.tagline || `${siteName}: ${site.himBlogName} and ${site.herBlogName}.`,
        canonicalPath: pathname,
      },
      queries: [],
      status: options.status ?? 200,
      cacheable: options.cacheable ?? true,
      serverRendered: options.serverRendered ?? true,
    };
  };

/** The `?cursor=` of a list page: the older page its link (no JavaScript needed) asked for. */
const listCursor = (query: Record<string, unknown>): string | null =>
  typeof query.cursor === "string" ? query.cursor : null;

function authorBlog(author: AuthorKey): PageLoader {
  return async (ctx, { pathname, query }) => {
    const cursor = listCursor(query);
    const site = await cachedPublicSiteSettings(ctx);
    const { siteName } = site;
    const blog = blogName(site, author);
    const { page } = await cachedPostList(ctx, parsePostListQuery({ author, ...(cursor ? { cursor } : {}) }));
    return {
      head: {
        title: `${blog} - ${siteName}`,
        description: `${blog}: the latest posts on ${siteName}.`,
        canonicalPath: pathname,
        image: page.items.find((p) => p.imageUrl)?.imageUrl ?? null,
        feeds: [{ path: paths.feed(author), title: feedTitle(siteName, blog) }],
      },
      queries: [inlineQuery(queryKeys.authorPosts(author, cursor), firstPageOf(page, cursor))],
      status: 200,
      cacheable: true,
      serverRendered: true,
    };
  };
}

/** Home (SPEC §2: hero, featured cards, About Us) plus the latest posts of both blogs. */
const homePage: PageLoader = async (ctx, page) => {
  const model = await simple("home")(ctx, page);
  const site = await cachedPublicSiteSettings(ctx);
  const { page: latest } = await cachedPostList(
    ctx,
    parsePostListQuery({ limit: String(HOME_LATEST_POSTS) }),
  );
  return {
    ...model,
    // Both blogs in one feed, then each blog's own.
    head: {
      ...model.head,
      feeds: [undefined, ...AUTHORS].map((author) => ({
        path: paths.feed(author),
        title: feedTitle(site.siteName, author && blogName(site, author)),
      })),
    },
    queries: [inlineQuery(queryKeys.latestPosts, latest)],
  };
};

const tagPage: PageLoader = async (ctx, { params, query }) => {
  const cursor = listCursor(query);
  const { siteName } = await cachedPublicSiteSettings(ctx);
  const raw = (params.tag ?? "").slice(0, 80);
  const tag = normaliseTagParam(params.tag ?? "");
  if (!tag) {
    return {
      head: {
        title: `#${raw} - ${siteName}`,
        description: `No posts found with #${raw}`,
        canonicalPath: paths.tag(raw),
      },
      queries: [],
      status: 200,
      cacheable: false,
      serverRendered: true,
    };
  }
  const { page } = await cachedPostList(ctx, parsePostListQuery({ tag, ...(cursor ? { cursor } : {}) }));
  return {
    head: {
      title: `#${tag} - ${siteName}`,
      description:
        page.items.length > 0 ? `Posts tagged #${tag} on ${siteName}.` : `No posts found with #${tag}`,
      canonicalPath: paths.tag(tag),
      image: page.items.find((p) => p.imageUrl)?.imageUrl ?? null,
    },
    queries: [inlineQuery(queryKeys.tagPosts(tag, cursor), firstPageOf(page, cursor))],
    status: 200,
    cacheable: true,
    serverRendered: true,
  };
};

const postWithoutId: PageLoader = async (ctx) => ({
  head: {
    title: postPageTitle("Post ID is missing", (await cachedPublicSiteSettings(ctx)).siteName),
    description: "Post ID is missing",
    canonicalPath: "/post",
  },
  queries: [],
  status: 200,
  cacheable: true,
  serverRendered: true,
});

/** One loader per page of the route table (keyed by the page's name there). */
export const pageLoaders: Record<PageName, PageLoader> = {
  home: homePage,
  hisBlog: authorBlog("him"),
  herBlog: authorBlog("her"),
  contact: simple("contact"),
  postWithoutId,
  post: postPage,
  tag: tagPage,
  search: searchPage,
  login: simple("login"),
  register: simple("register"),
  forgotPassword: simple("forgotPassword"),
  resetPassword: simple("resetPassword"),
  studio: simple("studio", { serverRendered: false }),
  studioPosts: simple("studioPosts", { serverRendered: false }),
  studioInbox: simple("studioInbox", { serverRendered: false }),
  studioAudience: simple("studioAudience", { serverRendered: false }),
  studioPages: simple("studioPages", { serverRendered: false }),
  studioSettings: simple("studioSettings", { serverRendered: false }),
  studioExport: simple("studioExport", { serverRendered: false }),
  studioStats: simple("studioStats", { serverRendered: false }),
  profile: simple("profile", { serverRendered: false }),
  // Rendered on the server: the unsubscribe button is a form that works without JavaScript.
  subscriptions: simple("subscriptions", { cacheable: false }),
  privacy: sitePageLoader("privacy"),
  terms: sitePageLoader("terms"),
  sitePage: sitePageLoader(),
  notFound: simple("notFound", { status: 404, cacheable: false }),
};
