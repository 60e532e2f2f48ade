/** Shared cases for both sanitisers (server sanitize-html, browser DOMPurify). */

/** Exactly what the editor produces: each must come out unchanged. */
export const EDITOR_OUTPUT = [
  "<p>Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u></p>",
  "<h2>Heading</h2><h3>Sub</h3><blockquote>Quote</blockquote><ul><li>one</li><li>two</li></ul>",
  "Line one<br />Line two",
  // The visual editor's shapes (TipTap): paragraphs in quotes and list items, empty paragraphs, merged styles.
  "<p>We <strong>walked</strong><br />far</p><blockquote><p>Quoted</p></blockquote><ul><li><p>one</p></li></ul><p></p>",
  '<p><span style="font-family: Times New Roman; font-size: 14pt; color: darkgray">styled</span></p>',
  '<span style="font-family: Georgia">g</span><span style="font-family: Times New Roman">t</span>',
  '<span style="font-size: 14pt">s</span><span style="color: navy">c</span><span style="color: darkgray">d</span>',
  '<img class="post-image post-image--left post-image--small" src="/uploads/blog-images/1700000000000_cat.png" alt="A cat" data-image-id="img-1" />',
  '<div class="image-pair" data-pair="a b"><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_a.png" alt="" data-image-id="a" /><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_b.png" alt="" data-image-id="b" /></div>',
  '<figure class="post-figure post-image--right post-image--small"><img class="post-image post-image--right post-image--small" src="/uploads/blog-images/1_a.png" alt="" width="640" height="480" data-image-id="a" /><figcaption>At dusk &amp; later</figcaption></figure>',
  // The 'wide' position, a gallery of three, a video embed.
  '<img class="post-image post-image--wide post-image--large" src="/uploads/blog-images/1_w.png" alt="" data-image-id="w" />',
  '<div class="image-gallery" data-gallery="a b c"><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_a.png" alt="" data-image-id="a" /><figure class="post-figure post-image--full post-image--medium"><img class="post-image post-image--full post-image--medium" src="/uploads/blog-images/1_b.png" alt="" data-image-id="b" /><figcaption>b</figcaption></figure><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_c.png" alt="" data-image-id="c" /></div>',
  '<div class="post-embed" data-embed="youtube:dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer">Our walk, filmed</a></div>',
  '<div class="post-embed" data-embed="vimeo:76979871"><a href="https://vimeo.com/76979871" rel="noopener noreferrer">Video on Vimeo</a></div>',
  '<a href="https://example.com/x?y=1&amp;z=2" rel="noopener noreferrer">link</a> <a href="mailto:us@example.com" rel="noopener noreferrer">mail</a>',
  // Tables: a header row, cells spanning columns and rows; a quote naming its source.
  '<table><thead><tr><th scope="col">Day</th><th colspan="2" scope="col">Where</th></tr></thead><tbody><tr><th rowspan="2" scope="row">Sat</th><td>Lisbon</td><td>Alfama</td></tr><tr><td colspan="2"><p>Sintra</p></td></tr></tbody></table>',
  "<table><tbody><tr><th><p>A</p></th><th><p>B</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>",
  '<blockquote cite="https://example.com/source"><p>Quoted with its source</p></blockquote>',
];

/** Hostile input → what must be left of it. */
export const ATTACKS: Array<[name: string, input: string, expected: string]> = [
  ["a script element", "<p>hi</p><script>alert(1)</script>", "<p>hi</p>"],
  [
    "an event handler",
    '<p onclick="alert(1)">x</p><img src="/uploads/blog-images/1_a.png" onerror="alert(1)" />',
    '<p>x</p><img src="/uploads/blog-images/1_a.png" />',
  ],
  ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
  ["an obfuscated javascript: link", '<a href="  JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
  ["a data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>', "<a>x</a>"],
  [
    "a style outside the lists",
    '<span style="position: fixed; color: red; background: url(https://evil.example)">x</span>',
    '<span style="color: red">x</span>',
  ],
  [
    "a size in px and an unknown font",
    '<span style="font-size: 13px; font-family: Comic Sans MS">x</span>',
    "<span>x</span>",
  ],
  ["a style on a paragraph", '<p style="color: red">x</p>', "<p>x</p>"],
  [
    "a foreign image",
    '<p>a</p><img src="https://evil.example/t.png" /><img src="data:image/png;base64,AAAA" />',
    "<p>a</p>",
  ],
  ["an image path escaping uploads", '<img src="/uploads/blog-images/../../secret" />', ""],
  ["an iframe", '<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
  ["an svg with script", "<svg><script>alert(1)</script></svg><p>ok</p>", "<p>ok</p>"],
  [
    "a foreign class",
    '<p class="admin">x</p><img class="post-image evil" src="/uploads/blog-images/1_a.png" />',
    '<p>x</p><img class="post-image" src="/uploads/blog-images/1_a.png" />',
  ],
  [
    "a foreign class or attribute on a figure",
    '<figure class="post-figure evil" style="position: fixed" onclick="x()"><figcaption>c</figcaption></figure>',
    '<figure class="post-figure"><figcaption>c</figcaption></figure>',
  ],
  [
    "an embed of another site or a forged video id",
    '<div class="post-embed" data-embed="evil:1"><a href="https://evil.example">x</a></div><div data-embed="youtube:short" data-gallery="a b">y</div>',
    '<div class="post-embed"><a href="https://evil.example" rel="noopener noreferrer">x</a></div><div>y</div>',
  ],
  ["a form and inputs", '<form action="/x"><input name="a" /><button>go</button></form>', "go"],
  [
    "a table's styles, handlers and spans out of range",
    '<table style="position: fixed" onclick="x()"><tbody><tr><td colspan="0" rowspan="9999" style="color: red">a</td><th scope="evil" colspan="x">b</th></tr></tbody></table>',
    "<table><tbody><tr><td>a</td><th>b</th></tr></tbody></table>",
  ],
  [
    "a quote citing a script or a data address",
    '<blockquote cite="javascript:alert(1)">a</blockquote><blockquote cite="data:text/html,x">b</blockquote><blockquote cite="mailto:a@b.c">c</blockquote>',
    "<blockquote>a</blockquote><blockquote>b</blockquote><blockquote>c</blockquote>",
  ],
];
