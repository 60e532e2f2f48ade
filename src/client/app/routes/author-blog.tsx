import type { AuthorKey } from "../../../common/limits";
import { AUTHOR_TITLES, paths } from "../../../common/routes";
import { FollowBox } from "../../features/follow/components/follow-box";
import { PinBoard } from "../../features/pinboard/components/pin-board";
import { usePostList } from "../../features/posts/api/post-lists";
import { PostList } from "../../features/posts/components/post-list";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** /his-blog and /her-blog: the author's posts, newest first; hers comes with the sidebar. */
export function AuthorBlog({ author }: { author: AuthorKey }) {
  const list = usePostList({ author });
  const { siteName, pinterestBoardUrl } = shell();
  useDocumentTitle(`${AUTHOR_TITLES[author]} - ${siteName}`);
  const main = (
    <section className="blog-list" aria-labelledby="blog-title">
      <h1 id="blog-title">{AUTHOR_TITLES[author]}</h1>
      <PostList list={list} hrefFor={paths.post} />
      <FollowBox author={author} />
    </section>
  );
  return (
    <main className={author === "her" ? "page with-sidebar" : "page"}>
      {main}
      {author === "her" ? <PinBoard boardUrl={pinterestBoardUrl} /> : null}
    </main>
  );
}
