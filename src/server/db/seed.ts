import { sql } from "drizzle-orm";
import type { AuthorKey, ImagePosition, ImageSize } from "../../common/limits";
import { thumbnailUrl } from "../../common/rules/markers";
import type { PostImage } from "../../common/types";
import { storedImageSize } from "../content/image-sizes";
import { loadSharp } from "../content/image-store";
import { sanitizePostHtml } from "../content/sanitize";
import type { Storage } from "../storage/storage";
import type { Db } from "./client";
import { blogPosts } from "./schema";
import { sceneSvg } from "./seed-images";

/**
 * SEED_DEMO: on an empty blog, add demo posts so a first start shows a living blog. Images are
 * drawn locally (seed-images.ts: SVG → JPEG with sharp, no network) into the uploads storage
 * (blog-images/) and used as thumbnails and inside the content with the editor's
 * image markup.
 */

interface DemoImage {
  /** Scene in seed-images.ts, and part of the file name. */
  key: string;
  /** The image's alt text. */
  label: string;
}

interface DemoPost {
  author: AuthorKey;
  title: string;
  excerpt: string;
  hashtags: string[];
  /** Paragraph HTML; `{img:key:position:size}` and `{pair:keyA:keyB}` mark where images go. */
  body: string[];
  thumbnail?: string;
}

const IMAGES: DemoImage[] = [
  { key: "harbour", label: "Sailing boats in the harbour at sunrise" },
  { key: "sourdough", label: "Sourdough loaf on a floured board" },
  { key: "beds", label: "Raised beds" },
  { key: "boards", label: "Cedar boards" },
  { key: "ridge", label: "The path along the ridge" },
  { key: "bike", label: "The old bike, back on its wheels" },
  { key: "patch", label: "Vegetable patch" },
  { key: "lisbon", label: "Lisbon roofs" },
  { key: "tram", label: "Tram 28" },
  { key: "herbs", label: "Windowsill herbs" },
  { key: "market", label: "Market stall with crates of fruit" },
  { key: "hills", label: "Autumn trees on the hills" },
];

const p = (html: string) => `<p>${html}</p>`;

const POSTS: DemoPost[] = [
  {
    author: "him",
    title: "Sunrise over the harbour",
    excerpt: "Up at five for the best light of the year, and worth every yawn.",
    hashtags: ["travel", "photography", "coast"],
    thumbnail: "harbour",
    // The thumbnail is kept out of the text: the post page opens with it as the feature image.
    body: [
      p("The alarm went at five and for once I did not argue with it. The boats were still asleep."),
      p(
        "By six the light had turned the water to <strong>copper</strong>, and the gulls had opinions about it.",
      ),
      p(
        "I took forty photos. Two are in focus, and one of those has my thumb in it. Next time: a tripod, and a second coffee.",
      ),
    ],
  },
  {
    author: "her",
    title: "Spring in the vegetable patch",
    // Feature image only, like the harbour.
    excerpt: "",
    hashtags: ["garden", "food", "spring"],
    thumbnail: "patch",
    body: [
      p("The first radishes are up, the peas are climbing and the slugs have found the lettuce."),
      p(
        "This year I am trying <em>succession sowing</em>: a short row every two weeks instead of one long one.",
      ),
      "<h3>In the ground so far</h3>",
      "<ul><li>Radishes, a new row every fortnight</li><li>Sugar snap peas up the old fence</li><li>Three kinds of lettuce (one of them, apparently, for the slugs)</li></ul>",
    ],
  },
  {
    author: "him",
    title: "Sourdough, week three",
    excerpt: "",
    hashtags: ["food", "baking", "home"],
    thumbnail: "sourdough",
    body: [
      "{img:sourdough:right:medium}",
      p("Week three, and the starter (named <strong>Doug</strong>) finally doubles in six hours."),
      p('The crumb is still tight. The internet says "more water"; my hands say "less mess".'),
      p(
        "Next week: a longer cold proof in the fridge and a proper attempt at an ear. She says the bread is already lovely. She is biased; she eats the crusts.",
      ),
    ],
  },
  {
    author: "her",
    title: "A weekend in Lisbon",
    excerpt: "Trams, tiles, custard tarts and far too many hills.",
    hashtags: ["travel", "food", "city"],
    thumbnail: "lisbon",
    body: [
      p("We landed on Friday night and went straight out for grilled sardines."),
      "{pair:lisbon:tram}",
      p('<span style="font-family: Georgia">Tram 28 is a museum that moves.</span> Go early, or walk.'),
      "<blockquote>Every street in Lisbon goes uphill, in both directions.</blockquote>",
      p(
        "On Sunday we got lost in Alfama on purpose and found a bar with six stools and the best <em>ginjinha</em> either of us has had.",
      ),
    ],
  },
  {
    author: "him",
    title: "Building raised garden beds",
    excerpt: "Two beds, eight boards, one afternoon and a lot of screws.",
    hashtags: ["garden", "diy", "home"],
    thumbnail: "beds",
    body: [
      p("She wanted beds at a height that does not hurt. I wanted an excuse to buy a saw."),
      "{pair:beds:boards}",
      "<h2>What we used</h2>",
      "<ul><li>Untreated cedar boards</li><li>Galvanised screws</li><li>Cardboard for the bottom</li></ul>",
      p("Total cost: less than a weekend away. Arguments about where they should go: one, and she won."),
    ],
  },
  {
    author: "her",
    title: "Herbs on the windowsill",
    excerpt: "",
    hashtags: ["garden", "home", "cooking"],
    thumbnail: "herbs",
    body: [
      "{img:herbs:right:small}",
      p("Basil, chives, mint and a very brave coriander share the kitchen window."),
      p('<span style="color: teal">Mint goes in its own pot</span>, or it takes over the others.'),
      p("Everything gets the cold tea left in the pot, which is either folk wisdom or laziness."),
    ],
  },
  {
    author: "him",
    title: "A long walk on the ridge",
    excerpt: "",
    hashtags: ["travel", "hiking", "outdoors"],
    thumbnail: "ridge",
    body: [
      "{img:ridge:left:small}",
      p(
        "We set off from the village just after breakfast with two sandwiches, a flask of tea and a map that had clearly been folded by someone with a grudge. The path climbs steeply through the beech woods before it opens onto the ridge, and from there it is eleven kilometres of wind, skylarks and views that make you forget your knees.",
      ),
      p(
        "Halfway along we met a shepherd who told us, with great confidence, that it would not rain. It rained. We ate the sandwiches under a hawthorn and agreed it was the best lunch of the year.",
      ),
      "<h3>If you go</h3>",
      p(
        'Start early, carry more water than you think, and check the <a href="https://www.metoffice.gov.uk/">forecast</a> rather than the shepherd.',
      ),
    ],
  },
  {
    author: "her",
    title: "Market morning",
    excerpt: "Peaches, gossip and the best bread stall in town.",
    hashtags: ["food", "travel", "market"],
    thumbnail: "market",
    body: [
      p("Saturday market, nine o'clock: the best hour, before the crowds and after the good coffee."),
      "{img:market:full:large}",
      p("We came home with peaches, a wedge of hard cheese and a plant nobody needed."),
      p("The bread lady knows our names now, which is either lovely or a sign that we buy too much bread."),
    ],
  },
  {
    author: "him",
    title: "Coffee gear that earned its place",
    excerpt: "A short list of the things on our counter that we actually use.",
    hashtags: ["food", "coffee", "home"],
    body: [
      p("A hand grinder, a kettle with a thin spout and a scale. That is the list."),
      "<ul><li>Grind just before brewing</li><li>Weigh the water</li><li>Stop buying gadgets</li></ul>",
      p("The shiny machine we were given went to a friend who has more patience than we do."),
    ],
  },
  {
    author: "her",
    title: "Painting the hallway",
    excerpt: "",
    hashtags: ["home", "diy", "colour"],
    body: [
      p(
        'We chose a green called <span style="color: olive">"Olive Grove"</span>. It looked grey in the tin.',
      ),
      p("Two coats, one ladder, and a cat who now has a green tail."),
    ],
  },
  {
    author: "him",
    title: "Fixing the old bike",
    excerpt: "New chain, new brake pads, same squeak.",
    hashtags: ["diy", "cycling", "outdoors"],
    thumbnail: "bike",
    body: [
      "{img:bike:full:medium}",
      p(
        "The bike has been in the shed since the spring. Today it came out, got a new chain and went round the block.",
      ),
      p("Next job: the squeak. I have oiled everything that moves and several things that don't."),
    ],
  },
  {
    author: "her",
    title: "Notes from a pottery class",
    excerpt: "Everything I made is slightly lopsided, and I love all of it.",
    hashtags: ["craft", "home"],
    body: [
      p("Centring the clay is the whole trick, and the whole trick is very hard."),
      p("<em>Next week:</em> glazes."),
      p("My first bowl looks like a hat. The teacher says that means it has character."),
    ],
  },
  {
    author: "him",
    title: "Rainy day reading list",
    excerpt: "",
    hashtags: ["books", "home"],
    body: [
      p("Three novels, one cookbook and a field guide to clouds, for the days the ridge is out of reach."),
      "<ul><li>A fat Victorian novel, for the long evenings</li><li>A cookbook we will read more than cook from</li><li>The cloud guide, so I can be right about the weather for once</li></ul>",
    ],
  },
  {
    author: "her",
    title: "Autumn colours in the hills",
    excerpt: "The beeches turned all at once this year.",
    hashtags: ["travel", "hiking", "autumn"],
    thumbnail: "hills",
    body: [
      "{img:hills:left:large}",
      p("We went back to the ridge for the colours. The beeches were copper, the bracken was rust."),
      p("<strong>Best viewpoint:</strong> the stile after the second gate."),
    ],
  },
];

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Draw the demo images into the uploads storage; returns key → public URL. */
type StoredDemoImage = { url: string; width?: number; height?: number };

async function writeDemoImages(storage: Storage, now: number): Promise<Map<string, StoredDemoImage>> {
  const sharp = await loadSharp();
  const urls = new Map<string, StoredDemoImage>();
  await Promise.all(
    IMAGES.map(async (image, i) => {
      const key = `blog-images/${now + i}_${image.key}.jpg`;
      const data = await sharp(Buffer.from(sceneSvg(image.key, 1000 + i * 7919)))
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      await storage.put(key, data);
      const url = `/uploads/${key}`;
      // Its WebP variants and size, as an upload gets them (cards and content use both).
      const size = await storedImageSize(storage, url);
      urls.set(image.key, { url, width: size?.width, height: size?.height });
    }),
  );
  return urls;
}

function imageTag(
  image: StoredDemoImage,
  id: string,
  alt: string,
  position: ImagePosition,
  size: ImageSize,
): string {
  const dims = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : "";
  return `<img class="post-image post-image--${position} post-image--${size}" src="${image.url}" alt="${esc(alt)}"${dims} data-image-id="${id}">`;
}

/** Turn the demo markers into the editor's image markup and the post's image list. */
function renderBody(
  post: DemoPost,
  urls: Map<string, StoredDemoImage>,
): { content: string; images: PostImage[] } {
  const images: PostImage[] = [];
  const labelOf = (key: string) => IMAGES.find((i) => i.key === key)?.label ?? key;
  const entry = (
    key: string,
    id: string,
    position: ImagePosition,
    size: ImageSize,
    pairedWith: string | null,
  ) => {
    const { url, width, height } = urls.get(key)!;
    images.push({ id, url, position, size, pairedWith, width, height });
  };
  const content = post.body
    .map((block) => {
      const single = /^\{img:(\w+):(\w+):(\w+)\}$/.exec(block);
      if (single) {
        const [, key, position, size] = single as unknown as [string, string, ImagePosition, ImageSize];
        const id = `seed-${key}`;
        entry(key, id, position, size, null);
        return imageTag(urls.get(key)!, id, labelOf(key), position, size);
      }
      const pair = /^\{pair:(\w+):(\w+)\}$/.exec(block);
      if (pair) {
        const [, a, b] = pair as unknown as [string, string, string];
        const [idA, idB] = [`seed-${a}`, `seed-${b}`];
        entry(a, idA, "left", "medium", idB);
        entry(b, idB, "right", "medium", idA);
        // Sizes of a pair are the row's (the render gives them from the image list).
        const bare = (key: string) => ({ url: urls.get(key)!.url });
        return `<div class="image-pair" data-pair="${idA} ${idB}">${imageTag(bare(a), idA, labelOf(a), "left", "medium")}${imageTag(bare(b), idB, labelOf(b), "right", "medium")}</div>`;
      }
      return block;
    })
    .join("");
  // A thumbnail not placed in the text is still one of the post's images (the editor lists it).
  if (post.thumbnail && !images.some((image) => image.id === `seed-${post.thumbnail}`)) {
    entry(post.thumbnail, `seed-${post.thumbnail}`, "center", "large", null);
    images[images.length - 1]!.alt = labelOf(post.thumbnail);
  }
  return { content, images };
}

const DAY_MS = 86_400_000;

/** On an empty database, add demo posts (SEED_DEMO). Returns how many posts were added. */
export async function seedDemo(db: Db, storage: Storage, options: { now?: Date } = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  return db.transaction(async (tx) => {
    // Several processes may start at once on one PostgreSQL: one seeds, the others see posts.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const existing = await tx.select({ id: blogPosts.id }).from(blogPosts).limit(1);
    if (existing.length > 0) return 0;
    const urls = await writeDemoImages(storage, now);
    const rows = POSTS.map((post, i) => {
      const { content, images } = renderBody(post, urls);
      const thumbnail = thumbnailUrl(post.thumbnail ? urls.get(post.thumbnail)!.url : null, images);
      return {
        title: post.title,
        // The same allowlist every write goes through.
        content: sanitizePostHtml(content),
        excerpt: post.excerpt,
        author: post.author,
        hashtags: post.hashtags,
        imageUrl: thumbnail,
        images,
        // Newest first in the list above; spread over about eight weeks, at different times of day.
        date: new Date(now - (i * 4 + 1) * DAY_MS - (i % 5) * 3_600_000),
      };
    });
    await tx.insert(blogPosts).values(rows);
    return rows.length;
  });
}

export const DEMO_POST_COUNT = POSTS.length;

/** What identifies a demo post as seeded: its author, title and excerpt (db/demo-posts.ts). */
export const DEMO_POST_SIGNATURES = POSTS.map(({ author, title, excerpt }) => ({ author, title, excerpt }));
