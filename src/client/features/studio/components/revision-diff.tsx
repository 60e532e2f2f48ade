import type { DiffPart, RevisionComparison } from "../../../../common/types";

function Parts({ parts, block = false }: { parts: DiffPart[]; block?: boolean }) {
  const Tag = block ? "pre" : "p";
  return (
    <Tag className={block ? "diff diff-block" : "diff"}>
      {parts.map((part, i) =>
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
      )}
    </Tag>
  );
}

const changed = (parts: DiffPart[]) => parts.some((p) => p.added || p.removed);

/** What changed, field by field: insertions underlined, deletions struck through. */
export function RevisionDiff({ comparison }: { comparison: RevisionComparison }) {
  const { changes } = comparison;
  if (!comparison.changed) return <p className="diff-none">No differences.</p>;
  const list = (label: string, added: string[], removed: string[]) =>
    added.length + removed.length > 0 ? (
      <div className="diff-field">
        <h5>{label}</h5>
        <p className="diff">
          {added.map((x) => (
            <ins key={`+${x}`}>{x} </ins>
          ))}
          {removed.map((x) => (
            <del key={`-${x}`}>{x} </del>
          ))}
        </p>
      </div>
    ) : null;
  return (
    <div className="revision-diff">
      {changed(changes.title) ? (
        <div className="diff-field">
          <h5>Title</h5>
          <Parts parts={changes.title} />
        </div>
      ) : null}
      {changed(changes.excerpt) ? (
        <div className="diff-field">
          <h5>Excerpt</h5>
          <Parts parts={changes.excerpt} />
        </div>
      ) : null}
      {changed(changes.content) ? (
        <div className="diff-field">
          <h5>Content</h5>
          <Parts parts={changes.content} block />
        </div>
      ) : null}
      {list("Hashtags", changes.hashtags.added, changes.hashtags.removed)}
      {list("Images", changes.images.added, changes.images.removed)}
      {changes.thumbnail ? (
        <div className="diff-field">
          <h5>Thumbnail</h5>
          <p className="diff">
            {changes.thumbnail.from ? <del>{changes.thumbnail.from} </del> : null}
            {changes.thumbnail.to ? <ins>{changes.thumbnail.to}</ins> : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}
