import { firstPageOf, inlineQuery, queryKeys } from "../../common/query-keys";
import { paths } from "../../common/routes";
import { metaDescription, postPageTitle } from "../../common/rules/meta";
import { publicAuthorName } from "../../common/site-names";
import { firstCommentsFor } from "../comments/comments.reads";
import type { PageLoader, PageModel } from "../content/page-model";
import { standardDocumentOf } from "../fediverse/bluesky/bluesky.reads";
import { readPostByAddress, readPostReading } from "../posts/posts.reads";
import { cachedPublicSiteSettings } from "../settings/settings.reads";

/** A page that only sends the browser on (301) to `location`. */
const redirectTo = (location: string): PageModel => ({
  head: { title: "", description: "", canonicalPath: location },
  queries: [],
  status: 301,
  cacheable: true,
  serverRendered: false,
  redirect: location,
});

/**
 * `/post/{address}`: a post by its slug (docs/decisions/0033-post-addresses.md); its id or an
 * earlier slug redirects there.
 */
export const postPage: PageLoader = async (ctx, { params, viewer }) => {
  const { publicUrl } = ctx.config;
  const site = await cachedPublicSiteSettings(ctx);
  const { siteName } = site;
  const address = params.postId ?? "";
  // A draft or scheduled post: its author previews it; everyone else gets 'Post not found'.
  const entry = await readPostByAddress(ctx, address, viewer);
  if (!entry) {
    // The page says 'Post not found'; crawlers get the status.
    return {
      head: {
        title: postPageTitle("Post not found", siteName),
        description: "Post not found",
        canonicalPath: paths.post(address),
      },
      queries: [inlineQuery(queryKeys.postAt(address), null)],
      status: 404,
      cacheable: false,
      serverRendered: true,
    };
  }
  const { post } = entry;
  // SPEC §2's /post/{postId} and earlier slugs answer a permanent redirect to the post's address.
  if (post.slug !== address) return { ...redirectTo(paths.post(post.slug)), cacheable: entry.isPublic };
  // Reading time, the author's profile and the neighbouring posts render with the post (no second trip).
  const reading = await readPostReading(ctx, post.id, viewer);
  const authorName = publicAuthorName(post.author, reading?.reading.author.name);
  const pair = reading?.reading.pair ?? null;
  // The first page of comments as this viewer gets them from the API (their own held comments,
  // their controls): readers without JavaScript read them, and the browser need not ask again. A
  // signed-in viewer's page is never kept for anyone else (page-shell.ts).
  const comments = await firstCommentsFor(ctx, post.id, viewer);
  const description = metaDescription(post.content, post.title);
  // Both takes' addresses show one page: its canonical address is the proposer's take's (listed first).
  const canonicalPath = paths.post(pair?.takes[0]?.post.slug ?? post.slug);
  const url = `${publicUrl}${canonicalPath}`;
  return {
    head: {
      // Open Graph and the tab use a two-takes post's topic.
      title: postPageTitle(pair?.topic ?? post.title, siteName),
      description,
      canonicalPath,
      image: post.imageUrl,
      type: "article",
      publishedTime: post.date,
      standardDocument: entry.isPublic ? await standardDocumentOf(ctx, post.id) : null,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: pair?.topic ?? post.title,
        description,
        url,
        mainEntityOfPage: url,
        datePublished: post.date,
        dateModified: post.lastUpdated ?? post.date,
        // A two-takes post names both its authors (decision 0046).
        author: pair
          ? pair.takes.map((take) => ({
              "@type": "Person",
              name: publicAuthorName(take.post.author, take.author.name),
              url: `${publicUrl}${paths.blog(take.post.author)}`,
            }))
          : { "@type": "Person", name: authorName, url: `${publicUrl}${paths.blog(post.author)}` },
        publisher: { "@type": "Organization", name: siteName },
        keywords: post.hashtags.join(", "),
        ...(post.imageUrl ? { image: new URL(post.imageUrl, publicUrl).href } : {}),
      },
    },
    queries: [
      inlineQuery(queryKeys.postAt(post.slug), { id: post.id, slug: post.slug }),
      inlineQuery(queryKeys.post(post.id), post),
      ...(reading ? [inlineQuery(queryKeys.postReading(post.id), reading.reading)] : []),
      ...(comments ? [inlineQuery(queryKeys.comments(post.id), firstPageOf(comments))] : []),
    ],
    status: 200,
    cacheable: entry.isPublic,
    serverRendered: true,
  };
};
