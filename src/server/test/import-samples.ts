// Small sample exports in each system's documented format, written by the importer tests.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

export const photo = (width: number, height: number, format: "jpeg" | "png" | "gif" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

export async function writeFile(dir: string, relative: string, data: Buffer | string) {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  return file;
}

const FIREBASE = "https://firebasestorage.googleapis.com/v0/b/duet-app.appspot.com/o/blog-images%2F";

/** The original app: collections blogPosts, comments, postLikes (+ users), Firestore timestamps. */
export function originalExport() {
  const a = `${FIREBASE}1700000000000_beach.jpg?alt=media&token=abc`;
  const b = `${FIREBASE}1700000000001_dunes.png?alt=media&token=def`;
  return {
    blogPosts: {
      p1: {
        title: "Our beach day",
        content: `<p>Sun and sand.</p><div class="image-pair" data-pair="i1 i2"><img class="post-image" src="${a}" alt="The beach" data-image-id="i1"><img class="post-image" src="${b}" alt="" data-image-id="i2"></div><script>alert(1)</script>`,
        excerpt: "",
        author: "her",
        date: { seconds: 1700000000, nanoseconds: 500000000 },
        imageUrl: a,
        images: [
          { id: "i1", url: a, position: "center", size: "medium", pairedWith: "i2" },
          { id: "i2", url: b, position: "center", size: "medium", pairedWith: "i1" },
        ],
        hashtags: ["Travel", "beach"],
        likes: 5,
        lastUpdated: "2023-11-15T10:00:00.000Z",
      },
      p2: {
        title: "His notes",
        content: "<p>Plain words</p>",
        author: "him",
        date: "2023-11-20T08:00:00Z",
        hashtags: [],
        likes: 0,
      },
    },
    comments: [
      {
        id: "c1",
        postId: "p1",
        author: "ann",
        content: "Lovely!",
        userId: "u-ann",
        timestamp: { _seconds: 1700001000, _nanoseconds: 0 },
      },
      {
        id: "c2",
        postId: "missing",
        author: "bob",
        content: "Lost",
        userId: "u-bob",
        timestamp: "2023-11-16T00:00:00Z",
      },
    ],
    postLikes: {
      "p1_u-ann": { postId: "p1", userId: "u-ann", timestamp: { seconds: 1700002000, nanoseconds: 0 } },
      "p1_u-her": { postId: "p1", userId: "u-her", timestamp: { seconds: 1700002001, nanoseconds: 0 } },
    },
    users: [
      { uid: "u-ann", email: "ann@example.com", displayName: "Ann" },
      { uid: "u-her", email: "her@duet.local", displayName: "Her" },
    ],
  };
}

/** WordPress WXR 1.2 (Tools → Export): authors, a post with a tag, a featured image, comments and a reply, a private post. */
export const wordpressExport = (site = "https://wp.example") => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
  xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:wfw="http://wellformedweb.org/CommentAPI/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Our WordPress blog</title>
  <link>${site}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[sam]]></wp:author_login><wp:author_email><![CDATA[sam@wp.example]]></wp:author_email><wp:author_display_name><![CDATA[Sam]]></wp:author_display_name></wp:author>
  <wp:author><wp:author_id>2</wp:author_id><wp:author_login><![CDATA[kim]]></wp:author_login><wp:author_email><![CDATA[kim@wp.example]]></wp:author_email><wp:author_display_name><![CDATA[Kim]]></wp:author_display_name></wp:author>
  <item>
    <title>garden.jpg</title>
    <wp:post_id>10</wp:post_id>
    <wp:post_type><![CDATA[attachment]]></wp:post_type>
    <wp:attachment_url><![CDATA[${site}/wp-content/uploads/2024/05/garden.jpg]]></wp:attachment_url>
  </item>
  <item>
    <title>Spring in the garden</title>
    <link>${site}/2024/05/spring/</link>
    <pubDate>Wed, 01 May 2024 09:30:00 +0000</pubDate>
    <dc:creator><![CDATA[kim]]></dc:creator>
    <content:encoded><![CDATA[First line of spring.

<img class="wp-image-11" src="${site}/wp-content/uploads/2024/05/tulips-1024x768.jpg" alt="Tulips &amp; more" />

Second paragraph <em>with style</em>.]]></content:encoded>
    <excerpt:encoded><![CDATA[<em>Tulips</em> &amp; tea are back.]]></excerpt:encoded>
    <wp:post_id>11</wp:post_id>
    <wp:post_date_gmt><![CDATA[2024-05-01 09:30:00]]></wp:post_date_gmt>
    <wp:post_modified_gmt><![CDATA[2024-05-02 10:00:00]]></wp:post_modified_gmt>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="uncategorized"><![CDATA[Uncategorized]]></category>
    <category domain="post_tag" nicename="garden"><![CDATA[Garden]]></category>
    <category domain="post_tag" nicename="spring-flowers"><![CDATA[Spring Flowers]]></category>
    <category domain="post_tag" nicename="cafe"><![CDATA[Caf&eacute;]]></category>
    <wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[10]]></wp:meta_value></wp:postmeta>
    <wp:comment>
      <wp:comment_id>1</wp:comment_id>
      <wp:comment_author><![CDATA[Lee]]></wp:comment_author>
      <wp:comment_author_email><![CDATA[lee@example.com]]></wp:comment_author_email>
      <wp:comment_date_gmt><![CDATA[2024-05-01 12:00:00]]></wp:comment_date_gmt>
      <wp:comment_content><![CDATA[So pretty!]]></wp:comment_content>
      <wp:comment_approved><![CDATA[1]]></wp:comment_approved>
      <wp:comment_type><![CDATA[comment]]></wp:comment_type>
      <wp:comment_parent>0</wp:comment_parent>
    </wp:comment>
    <wp:comment>
      <wp:comment_id>2</wp:comment_id>
      <wp:comment_author><![CDATA[Kim]]></wp:comment_author>
      <wp:comment_author_email><![CDATA[kim@wp.example]]></wp:comment_author_email>
      <wp:comment_date_gmt><![CDATA[2024-05-01 13:00:00]]></wp:comment_date_gmt>
      <wp:comment_content><![CDATA[Thanks Lee!]]></wp:comment_content>
      <wp:comment_approved><![CDATA[1]]></wp:comment_approved>
      <wp:comment_parent>1</wp:comment_parent>
    </wp:comment>
    <wp:comment>
      <wp:comment_id>3</wp:comment_id>
      <wp:comment_author><![CDATA[Spammer]]></wp:comment_author>
      <wp:comment_content><![CDATA[Buy now]]></wp:comment_content>
      <wp:comment_approved><![CDATA[spam]]></wp:comment_approved>
      <wp:comment_parent>0</wp:comment_parent>
    </wp:comment>
  </item>
  <item>
    <title>About us</title>
    <dc:creator><![CDATA[sam]]></dc:creator>
    <content:encoded><![CDATA[A page, not a post.]]></content:encoded>
    <wp:post_id>12</wp:post_id>
    <wp:post_type><![CDATA[page]]></wp:post_type>
  </item>
  <item>
    <title>Just for us</title>
    <dc:creator><![CDATA[kim]]></dc:creator>
    <content:encoded><![CDATA[<p>Our anniversary plans</p>]]></content:encoded>
    <wp:post_id>14</wp:post_id>
    <wp:post_date_gmt><![CDATA[2024-06-02 00:00:00]]></wp:post_date_gmt>
    <wp:status><![CDATA[private]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
  </item>
  <item>
    <title>Half written</title>
    <dc:creator><![CDATA[sam]]></dc:creator>
    <content:encoded><![CDATA[<p>Draft text</p>]]></content:encoded>
    <wp:post_id>13</wp:post_id>
    <wp:post_date_gmt><![CDATA[2024-06-01 00:00:00]]></wp:post_date_gmt>
    <wp:status><![CDATA[draft]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
  </item>
</channel>
</rss>
`;

/** Ghost 5 JSON export (Settings → Labs → Export) with the comments and members of a full backup. */
export function ghostExport() {
  return {
    db: [
      {
        meta: { exported_on: 1717200000000, version: "5.82.0" },
        data: {
          posts: [
            {
              id: "6650a1b2c3d4e5f601234567",
              uuid: "0b9c6c1e-6f0e-4c5a-9a2b-1c2d3e4f5a6b",
              title: "Hello from Ghost",
              slug: "hello-from-ghost",
              html: '<p>Moving day.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/size/w600/2024/06/boxes.png" class="kg-image" alt="Boxes"></figure>',
              feature_image: "__GHOST_URL__/content/images/2024/06/cover.jpg",
              type: "post",
              status: "published",
              custom_excerpt: "We moved.",
              created_at: "2024-06-01T08:00:00.000Z",
              updated_at: "2024-06-02T08:00:00.000Z",
              published_at: "2024-06-01T09:00:00.000Z",
            },
            {
              id: "6650a1b2c3d4e5f601234568",
              title: "A page",
              html: "<p>Not a post</p>",
              type: "page",
              status: "published",
              created_at: "2024-06-01T08:00:00.000Z",
              published_at: "2024-06-01T09:00:00.000Z",
            },
          ],
          users: [{ id: "1", name: "Alex", email: "alex@ghost.example" }],
          posts_authors: [{ id: "pa1", post_id: "6650a1b2c3d4e5f601234567", author_id: "1", sort_order: 0 }],
          tags: [
            { id: "t1", name: "Life Stories", slug: "life-stories", visibility: "public" },
            { id: "t2", name: "#internal", slug: "hash-internal", visibility: "internal" },
          ],
          posts_tags: [
            { id: "pt1", post_id: "6650a1b2c3d4e5f601234567", tag_id: "t1", sort_order: 0 },
            { id: "pt2", post_id: "6650a1b2c3d4e5f601234567", tag_id: "t2", sort_order: 1 },
          ],
          members: [{ id: "m1", email: "mo@example.com", name: "Mo" }],
          comments: [
            {
              id: "gc1",
              post_id: "6650a1b2c3d4e5f601234567",
              member_id: "m1",
              parent_id: null,
              status: "published",
              html: "<p>Welcome!</p>",
              created_at: "2024-06-01T10:00:00.000Z",
            },
            {
              id: "gc2",
              post_id: "6650a1b2c3d4e5f601234567",
              member_id: "m1",
              parent_id: null,
              status: "hidden",
              html: "<p>rude</p>",
              created_at: "2024-06-01T11:00:00.000Z",
            },
          ],
        },
      },
    ],
  };
}
