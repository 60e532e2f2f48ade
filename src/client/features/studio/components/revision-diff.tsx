import type { ReactNode } from "react";
import type { DiffBlock, DiffPart, RevisionComparison } from "../../../../common/types";

// A revision is compared as readers see it: text with its insertions and deletions
// marked, images as thumbnails, never the HTML. No headings of its own (the studio's headings stay
// in order): each field is a term of a description list.

function Parts({ parts }: { parts: DiffPart[] }) {
  return parts.map((part, i) =>
    part.added ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity but their order
      <ins key={i}>{part.value}</ins>
    ) : part.removed ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <del key={i}>{part.value}</del>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <span key={i}>{part.value}</span>
    ),
  );
}

const CHANGE_TEXT = { added: "Added image", removed: "Removed image" } as const;

function Thumbnail({ url, alt, change }: { url: string; alt: string; change?: "added" | "removed" }) {
  const label = change ? CHANGE_TEXT[change] : "Image";
  return (
    <figure className={`diff-image${change ? ` diff-image--${change}` : ""}`}>
      <img src={url} alt="" width={96} height={72} loading="lazy" />
      <figcaption>{alt ? `${label}: ${alt}` : label}</figcaption>
    </figure>
  );
}

const BLOCK_CLASS = { paragraph: "", heading: " diff-heading", quote: " diff-quote", item: " diff-item" };

function Block({ block }: { block: DiffBlock }) {
  if (block.kind === "image") return <Thumbnail url={block.url} alt={block.alt} change={block.change} />;
  return (
    <p className={`diff${BLOCK_CLASS[block.kind]}`}>
      {block.kind === "item" ? "• " : null}
      <Parts parts={block.parts} />
    </p>
  );
}

const changed = (parts: DiffPart[]) => parts.some((p) => p.added || p.removed);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="diff-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What changed, field by field: insertions underlined, deletions struck through. */
export function RevisionDiff({ comparison }: { comparison: RevisionComparison }) {
  const { changes } = comparison;
  if (!comparison.changed) return <p className="diff-none">No differences.</p>;
  const images = [
    ...changes.images.added.map((url) => ({ url, change: "added" as const })),
    ...changes.images.removed.map((url) => ({ url, change: "removed" as const })),
  ];
  return (
    <dl className="revision-diff">
      {changed(changes.title) ? (
        <Field label="Title">
          <p className="diff">
            <Parts parts={changes.title} />
          </p>
        </Field>
      ) : null}
      {changed(changes.excerpt) ? (
        <Field label="Excerpt">
          <p className="diff">
            <Parts parts={changes.excerpt} />
          </p>
        </Field>
      ) : null}
      {changed(changes.content) ? (
        <Field label="Text">
          {/* Long texts scroll; the region takes focus so the keyboard can scroll it. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable */}
          <section className="diff-block" aria-label="Changes to the text" tabIndex={0}>
            {changes.readable.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their order
              <Block key={i} block={block} />
            ))}
          </section>
        </Field>
      ) : null}
      {changes.hashtags.added.length + changes.hashtags.removed.length > 0 ? (
        <Field label="Hashtags">
          <p className="diff">
            {changes.hashtags.added.map((x) => (
              <ins key={`+${x}`}>#{x} </ins>
            ))}
            {changes.hashtags.removed.map((x) => (
              <del key={`-${x}`}>#{x} </del>
            ))}
          </p>
        </Field>
      ) : null}
      {images.length > 0 ? (
        <Field label="Images">
          <div className="diff-images">
            {images.map(({ url, change }) => (
              <Thumbnail key={`${change}${url}`} url={url} alt="" change={change} />
            ))}
          </div>
        </Field>
      ) : null}
      {changes.thumbnail ? (
        <Field label="Thumbnail">
          <div className="diff-images">
            {changes.thumbnail.from ? (
              <Thumbnail url={changes.thumbnail.from} alt="" change="removed" />
            ) : null}
            {changes.thumbnail.to ? <Thumbnail url={changes.thumbnail.to} alt="" change="added" /> : null}
          </div>
        </Field>
      ) : null}
    </dl>
  );
}
