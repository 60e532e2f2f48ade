import { PinBoard } from "../../features/pinboard/components/pin-board";
import { shell } from "../layout/use-document-title";
import { AuthorBlog } from "./author-blog";

export default function HerBlogPage() {
  return <AuthorBlog author="her" sidebar={<PinBoard boardUrl={shell().pinterestBoardUrl} />} />;
}
