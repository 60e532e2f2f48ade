import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../content/sanitize";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// ARCHITECTURE "HTML safety": a post's HTML cannot carry script through any attribute the
// allowlist keeps, and comments, names and hashtags are text wherever they are shown.

const IMG = '<img src="/uploads/blog-images/1_a.png"';

/** Anything in sanitised HTML that could run script or load from elsewhere. */
const DANGEROUS =
  /javascript:|vbscript:|data:|expression\s*\(|url\s*\(|@import|behavior\s*:|-moz-binding|<script|<style|<iframe|<svg|<object|<embed|\son[a-z]+\s*=|srcdoc|formaction|https?:\/\/evil/i;

const ATTRIBUTE_ATTACKS: Array<[string, string]> = [
  ["style with url()", '<span style="color: red; background-image: url(javascript:alert(1))">x</span>'],
  ["style with expression()", '<span style="color: expression(alert(1))">x</span>'],
  [
    "style with a CSS comment inside",
    '<span style="col/**/or: red; width: expr/**/ession(alert(1))">x</span>',
  ],
  [
    "style with CSS escapes",
    '<span style="color: \\72 ed; background: \\75 rl(javascript:alert(1))">x</span>',
  ],
  ["style with @import", '<span style="@import url(https://evil.example/x.css); color: red">x</span>'],
  ["style with behavior", '<span style="behavior: url(x.htc); -moz-binding: url(x.xml#y)">x</span>'],
  [
    "style with a font that breaks out",
    `<span style="font-family: Georgia'; background: url(https://evil.example)">x</span>`,
  ],
  [
    "style with entity-encoded url()",
    '<span style="color: red; background: &#117;rl(https://evil.example)">x</span>',
  ],
  ["style on an image", `${IMG} style="background: url(https://evil.example)" />`],
  ["srcset with javascript:", `${IMG} srcset="javascript:alert(1) 480w" />`],
  [
    "srcset with a javascript: candidate after a good one",
    `${IMG} srcset="/uploads/blog-images/1_a.png 480w, javascript:alert(1) 960w" />`,
  ],
  ["srcset with data:", `${IMG} srcset="data:image/svg+xml,&lt;svg onload=alert(1)&gt; 1w" />`],
  ["srcset with another host", `${IMG} srcset="//evil.example/a.png 480w" />`],
  ["sizes with expression()", `${IMG} sizes="expression(alert(1))" />`],
  ["data-image-id breaking out", `${IMG} data-image-id='a" onerror="alert(1)' />`],
  ["data-image-id with script", `${IMG} data-image-id="<script>alert(1)</script>" />`],
  ["data-pair with script", '<div class="image-pair" data-pair="a b&quot; onclick=&quot;alert(1)">x</div>'],
  ["other data-* attributes", '<div data-bind="alert(1)" data-src="javascript:alert(1)">x</div>'],
  ["an event handler in upper case", `${IMG} ONERROR="alert(1)" />`],
  ["an entity-encoded javascript: href", '<a href="&#106;avascript:alert(1)">x</a>'],
  ["a javascript: href with a tab", '<a href="java&#x09;script:alert(1)">x</a>'],
  ["a javascript: href with a leading control character", '<a href="&#x01;javascript:alert(1)">x</a>'],
  ["a protocol-relative href", '<a href="//evil.example">x</a>'],
  [
    "an href that is an image src",
    '<img src="javascript:alert(1)" /><img src="/uploads/blog-images/../../x.png" />',
  ],
  [
    "img src with a query that loads elsewhere",
    '<img src="/uploads/blog-images/a.png?x=https://evil.example" />',
  ],
  ["alt that tries to close the tag", `${IMG} alt='"><script>alert(1)</script>' />`],
  ["a target other than _blank", '<a href="https://example.com" target="_parent">x</a>'],
  ["svg with onload", '<svg onload="alert(1)"><circle /></svg>'],
  ["math with an href", '<math><mi href="javascript:alert(1)">x</mi></math>'],
  ["a style element", "<style>body{background:url(https://evil.example)}</style><p>ok</p>"],
  ["a base element", '<base href="https://evil.example/"><p>ok</p>'],
  ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>ok</p>'],
  ["a link stylesheet", '<link rel="stylesheet" href="https://evil.example/x.css"><p>ok</p>'],
  [
    "a form action",
    '<form action="https://evil.example"><button formaction="https://evil.example">go</button></form>',
  ],
  ["an iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["a comment hiding a tag", "<!--><script>alert(1)</script>--><p>ok</p>"],
  ["a CDATA section", "<![CDATA[<script>alert(1)</script>]]><p>ok</p>"],
  ["nested broken tags", "<scr<script>ipt>alert(1)</scr</script>ipt>"],
];

describe("sanitizePostHtml › no script through any allowed attribute", () => {
  it.each(ATTRIBUTE_ATTACKS)("%s", (_name, html) => {
    const out = sanitizePostHtml(html);
    expect(out).not.toMatch(DANGEROUS);
    // Whatever is left is stable: sanitising it again changes nothing (no mutation XSS).
    expect(sanitizePostHtml(out)).toBe(out);
  });

  it("keeps the allowed values next to a refused one", () => {
    expect(
      sanitizePostHtml(
        '<span style="color: navy; background: url(https://evil.example); font-size: 14pt">x</span>',
      ),
    ).toBe('<span style="color: navy; font-size: 14pt">x</span>');
    expect(sanitizePostHtml(`${IMG} sizes="(max-width: 600px) 50vw, 300px" />`)).toBe(
      `${IMG} sizes="(max-width: 600px) 50vw, 300px" />`,
    );
  });

  it("escapes the characters of alt text instead of dropping or obeying them", () => {
    const out = sanitizePostHtml(`${IMG} alt='"><script>alert(1)</script>' />`);
    expect(out).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

let t: TestApp;
let him: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  reader = await t.as("user");
});
afterAll(() => t.close());

describe("stored posts › what a reader receives", () => {
  it("POST /api/posts › every attack above is gone from the stored and served content", async () => {
    const content = `<p>Hello</p>${ATTRIBUTE_ATTACKS.map(([, html]) => html).join("")}`;
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: { title: "Attacks", content, author: "him" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.request({ method: "GET", url: `/api/posts/${res.json().id}` });
    expect(served.json().content).toContain("<p>Hello</p>");
    expect(served.json().content).not.toMatch(DANGEROUS);
    const page = await t.request({ method: "GET", url: `/post/${res.json().slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>alert|onerror="alert|javascript:alert/);
  });

  it("POST /api/posts › hashtags are stored as plain words, never markup", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: {
        title: "Tags",
        content: "<p>x</p>",
        author: "him",
        hashtags: ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "road-trip"],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // SPEC §5 create rule: letters, digits and spaces only.
    for (const tag of res.json().hashtags as string[]) expect(tag).toMatch(/^[\p{L}\p{N} ]+$/u);
  });
});

describe("comments, names and hashtags › text, not markup", () => {
  const markup = '<img src=x onerror="alert(1)"></script><script>alert(2)</script>';

  it("a comment is stored and answered exactly as typed (the client renders it as text)", async () => {
    const post = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: { title: "Comments", content: "<p>x</p>", author: "him" },
    });
    const postId = post.json().id as string;
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      cookie: reader.cookie,
      payload: { content: markup },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe(markup);
    const list = await t.request({ method: "GET", url: `/api/posts/${postId}/comments` });
    expect(list.json().items[0].content).toBe(markup);
  });

  it("a display name full of markup cannot break out of the inlined page data", async () => {
    const user = await t.signUp({ name: markup });
    const page = await t.request({ method: "GET", url: "/profile", cookie: user.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<script>alert(2)");
    expect(page.body).not.toContain('<img src=x onerror="alert(1)">');
    const data = /<script type="application\/json" id="duet-data">([^<]*)<\/script>/.exec(page.body);
    expect(data, "the inlined data is one script element").not.toBeNull();
    expect(JSON.parse(data![1]!).viewer.displayName).toBe(markup);
  });

  it("a tag page for a tag full of markup is escaped in the head and the data", async () => {
    const page = await t.request({ method: "GET", url: `/tags/${encodeURIComponent(markup)}` });
    expect(page.statusCode).toBeLessThan(500);
    expect(page.body).not.toContain("<script>alert(2)");
    expect(page.body).not.toContain('<img src=x onerror="alert(1)">');
  });

  it("the client renders raw HTML in exactly two places, both through the shared post sanitiser", () => {
    const root = path.resolve(__dirname, "../../client");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const users = files.filter((f) =>
      readFileSync(path.join(root, f), "utf8").includes("dangerouslySetInnerHTML"),
    );
    expect(users.sort()).toEqual([
      path.join("features", "editor", "components", "post-editor.tsx"),
      path.join("features", "posts", "components", "post-content.tsx"),
    ]);
    for (const f of users)
      expect(readFileSync(path.join(root, f), "utf8")).toMatch(
        /purifyPostHtml|sanitizePostHtml|serverSanitizePostHtml[\s\S]*loadBrowserSanitizer/,
      );
  });
});
