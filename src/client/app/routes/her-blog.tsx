import { PINTEREST_OFF } from "../../../common/site-names";
import { PinBoard } from "../../features/pinboard/components/pin-board";
import { shell } from "../layout/use-document-title";
import { AuthorBlog } from "./author-blog";

export default function HerBlogPage() {
  const { site, pinterestBoardUrl } = shell();
  // Switched off in the settings: no pin-board box at all (unset keeps SPEC's 5 s fallback).
  const sidebar =
    site.pinterestBoard === PINTEREST_OFF ? undefined : <PinBoard boardUrl={pinterestBoardUrl} />;
  return <AuthorBlog author="her" sidebar={sidebar} />;
}
