import { AuthorBlog } from "./author-blog";

export default function HisBlogPage() {
  return <AuthorBlog author="him" />;
}
