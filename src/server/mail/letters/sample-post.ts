import type { PostImage } from "../../../common/types";

// A post that uses everything the editor makes: for the letters' tests and screenshots script.

const img = (id: string, w: number, h: number, extra: Partial<PostImage> = {}): PostImage => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.jpg`,
  position: "center",
  size: "large",
  pairedWith: null,
  width: w,
  height: h,
  ...extra,
});

export const SAMPLE_IMAGES: PostImage[] = [
  img("harbour", 1600, 1067, { caption: "The harbour at seven", alt: "Boats in a harbour" }),
  img("left", 1200, 900, { pairedWith: "right", alt: "Tiles" }),
  img("right", 900, 1200, { pairedWith: "left", alt: "A tram", caption: "Tram 28" }),
];

export const SAMPLE_CONTENT = [
  "<p>We took the <strong>early</strong> train and <em>nobody</em> was awake yet.</p>",
  "<h2>The harbour</h2>",
  '<figure class="post-figure post-image--center post-image--large"><img class="post-image post-image--center post-image--large" src="/uploads/blog-images/1700000000000_harbour.jpg" alt="Boats in a harbour" width="1600" height="1067" data-image-id="harbour"><figcaption>The harbour at seven</figcaption></figure>',
  '<p>Gulls, coffee, and <span style="color: teal">a teal door</span> we will paint at home. Read <a href="https://example.com/lisbon" rel="noopener noreferrer">the guide</a>.</p>',
  "<blockquote><p>They also eat maps.</p></blockquote>",
  "<h3>What we packed</h3>",
  "<ul><li><p>Two cameras</p></li><li><p>One umbrella</p></li><li><p>Too many books</p></li></ul>",
  '<div class="image-pair" data-pair="left right"><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1700000000000_left.jpg" alt="Tiles" data-image-id="left"><figure class="post-figure post-image--center post-image--medium"><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1700000000000_right.jpg" alt="A tram" data-image-id="right"><figcaption>Tram 28</figcaption></figure></div>',
  "<p>More next week.</p>",
].join("");
