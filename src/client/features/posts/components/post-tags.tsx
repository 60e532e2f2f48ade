import { Link } from "react-router";

/** A post's hashtags under its text, each linking to its tag page (a post, and each of two takes). */
export function PostTags({
  tags,
  tagHref,
  label,
}: {
  tags: string[];
  tagHref: (tag: string) => string;
  label: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul className="post-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagHref(tag)} className="tag-link">
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
