import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { AuthorKey } from "../../../common/limits";
import { paths } from "../../../common/routes";
import { FollowBox } from "../../features/follow/components/follow-box";
import { usePostList } from "../../features/posts/api/post-lists";
import { FeedLink } from "../../features/posts/components/feed-link";
import { PostList } from "../../features/posts/components/post-list";
import { siteBlogName } from "../../lib/shell-data";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/**
 * /his-blog and /her-blog: the author's posts, newest first; hers comes with the sidebar (passed in
 * by her page, so his page's chunk does not carry the pin-board).
 */
export function AuthorBlog({ author, sidebar }: { author: AuthorKey; sidebar?: ReactNode }) {
  const list = usePostList({ author }, useSearchParams()[0].get("cursor"));
  const { siteName } = shell();
  const blog = siteBlogName(author);
  useDocumentTitle(`${blog} - ${siteName}`);
  const main = (
    <section className="blog-list" aria-labelledby="blog-title">
      <div className="blog-heading">
        <h1 id="blog-title">{blog}</h1>
        <FeedLink author={author} />
      </div>
      <PostList list={list} hrefFor={paths.post} />
      <FollowBox author={author} />
    </section>
  );
  return (
    <main className={sidebar ? "page with-sidebar" : "page"}>
      {main}
      {sidebar}
    </main>
  );
}
