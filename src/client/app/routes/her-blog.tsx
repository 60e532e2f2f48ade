import { AuthorBlog } from "./author-blog";

export default function HerBlogPage() {
  return <AuthorBlog author="her" />;
}
