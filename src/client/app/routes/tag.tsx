import { useParams, useSearchParams } from "react-router";
import { paths } from "../../../common/routes";
import { normaliseTagParam } from "../../../common/rules/hashtag-link";
import { usePostList } from "../../features/posts/api/post-lists";
import { PostList } from "../../features/posts/components/post-list";
import { shell, useDocumentTitle } from "../layout/use-document-title";

// SPEC §2: 'Posts tagged #tag', or 'No posts found with #tag'.
const noPostsText = (tag: string) => `No posts found with #${tag}`;

function TagPosts({ tag }: { tag: string }) {
  const list = usePostList({ tag }, useSearchParams()[0].get("cursor"));
  const { state } = list;
  const empty = (state.status === "ready" || state.status === "fallback") && state.posts.length === 0;
  return (
    <>
      <h1 id="tag-title">{empty ? noPostsText(tag) : `Posts tagged #${tag}`}</h1>
      {empty ? null : <PostList list={list} hrefFor={paths.post} />}
    </>
  );
}

export default function TagPage() {
  const raw = useParams().tag ?? "";
  // Stored tags are lower-case (SPEC §5); '/tags/Travel' and '/tags/%23travel' mean 'travel'.
  const tag = normaliseTagParam(raw);
  useDocumentTitle(`#${tag ?? raw} - ${shell().siteName}`);
  return (
    <main className="page">
      <section className="blog-list" aria-labelledby="tag-title">
        {tag ? <TagPosts key={tag} tag={tag} /> : <h1 id="tag-title">{noPostsText(raw)}</h1>}
      </section>
    </main>
  );
}
