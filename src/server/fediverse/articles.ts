import type { Context } from "@fedify/fedify";
import { Article, Create, Delete, Hashtag, Image, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import { resolveExcerpt } from "../../common/rules/excerpt";
import { markersToHtml } from "../../common/rules/marker-html";
import { markerRe } from "../../common/rules/markers";
import type { BlogPost } from "../../common/types";
import { contentTypeOf } from "../storage/object";
import type { ArticlePost } from "./article-post";

/** Fedify's types name the global Temporal (Node 22+); at run time it uses this same polyfill. */
export const instant = (date: string | Date): Temporal.Instant & globalThis.Temporal.Instant =>
  Temporal.Instant.fromEpochMilliseconds(new Date(date).getTime()) as Temporal.Instant &
    globalThis.Temporal.Instant;

const absolute = (url: string, publicUrl: string): string => new URL(url, `${publicUrl}/`).href;

/** Root-relative image and link addresses in stored post HTML made absolute (remote servers need them). */
export function absoluteHtml(html: string, publicUrl: string): string {
  return html.replace(/\b(src|href)="(\/[^"/][^"]*)"/g, (_m, attr: string, url: string) => {
    return `${attr}="${absolute(url, publicUrl)}"`;
  });
}

/**
 * The post's HTML as readers get it: image markers become `<img>` (or a pair, a gallery) with the
 * image's alt text, a marker naming no image is dropped (never sent as "[IMAGE:…]"), and every
 * address is absolute.
 */
export function articleHtml(post: Pick<BlogPost, "title" | "content" | "images">, publicUrl: string): string {
  // An image without alt text of its own is described by the post's title (PostImage.alt).
  const html = markersToHtml(post.content, post.images, { alt: () => post.title }).replace(markerRe(), "");
  return absoluteHtml(html, publicUrl);
}

/** An upload's type from its name (uploads are stored under the one type their extension names). */
const mediaTypeOf = (url: string): string => contentTypeOf(new URL(url).pathname) ?? "image/jpeg";

export const postObjectUri = (ctx: Context<unknown>, postId: string): URL =>
  ctx.getObjectUri(Article, { id: postId });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A take's Article ends with a link to the partner's take (decision 0046). */
const otherTakeHtml = (other: ArticlePost["otherTake"]) =>
  other
    ? `<p><a href="${escapeHtml(other.url)}">Read ${escapeHtml(other.authorName)}'s take on it</a></p>`
    : "";

/** SPEC §3's post as an ActivityStreams Article: what followers' servers show. */
export function toArticle(
  ctx: Context<unknown>,
  { post, otherTake }: ArticlePost,
  publicUrl: string,
): Article {
  const attribution = ctx.getActorUri(post.author);
  return new Article({
    id: postObjectUri(ctx, post.id),
    attribution,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(post.author),
    name: post.title,
    summary: resolveExcerpt(post.excerpt, post.content.replace(markerRe(), "")),
    // Mastodon shows an Article as its name, its summary and its url (create.rb `converted_text`,
    // never as a content warning); servers that render `content` get the readers' HTML.
    content: articleHtml(post, publicUrl) + otherTakeHtml(otherTake),
    url: new URL(`${publicUrl}/post/${post.id}`),
    published: instant(post.date),
    updated: post.lastUpdated ? instant(post.lastUpdated) : null,
    attachments: post.images.map(
      (image) =>
        new Image({
          url: new URL(absolute(image.url, publicUrl)),
          mediaType: mediaTypeOf(absolute(image.url, publicUrl)),
          name: image.alt ?? post.title,
          width: image.width ?? null,
          height: image.height ?? null,
        }),
    ),
    tags: post.hashtags.map(
      (tag) =>
        new Hashtag({ name: `#${tag}`, href: new URL(`${publicUrl}/tags/${encodeURIComponent(tag)}`) }),
    ),
  });
}

export function createActivity(ctx: Context<unknown>, source: ArticlePost, publicUrl: string): Create {
  const object = toArticle(ctx, source, publicUrl);
  return new Create({
    id: new URL(`${object.id!.href}#create`),
    actor: object.attributionId,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(source.post.author),
    published: object.published,
    object,
  });
}

export function updateActivity(
  ctx: Context<unknown>,
  source: ArticlePost,
  publicUrl: string,
  at: Date,
): Update {
  const object = toArticle(ctx, source, publicUrl);
  return new Update({
    id: new URL(`${object.id!.href}#update-${at.getTime()}`),
    actor: object.attributionId,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(source.post.author),
    updated: instant(at),
    object,
  });
}

export function deleteActivity(ctx: Context<unknown>, postId: string, author: string, at: Date): Delete {
  const id = postObjectUri(ctx, postId);
  return new Delete({
    id: new URL(`${id.href}#delete`),
    actor: ctx.getActorUri(author),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(author),
    object: new Tombstone({ id, deleted: instant(at) }),
  });
}

export function tombstone(ctx: Context<unknown>, postId: string, deletedAt: Date): Tombstone {
  return new Tombstone({ id: postObjectUri(ctx, postId), deleted: instant(deletedAt) });
}
