import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { canManagePost } from "../../../common/policies";
import { paths } from "../../../common/routes";
import { metaDescription, postPageTitle } from "../../../common/rules/meta";
import { PINTEREST_OFF } from "../../../common/site-names";
import type { BlogPost, PostReading } from "../../../common/types";
import { CommentsSection } from "../../features/comments/components/comments-section";
import { FollowBox } from "../../features/follow/components/follow-box";
import { LikeButton } from "../../features/likes/components/like-button";
import { PinBoard } from "../../features/pinboard/components/pin-board";
import { MentionRemove, PostAdminActions } from "../../features/post-admin/components/post-admin-part";
import { usePostAt } from "../../features/posts/api/post-at";
import { usePostReading } from "../../features/posts/api/post-reading";
import { BackButton } from "../../features/posts/components/back-button";
import { PostView } from "../../features/posts/components/post-view";
import { ShareButton } from "../../features/share/components/share-button";
import { useSession } from "../../lib/session";
import { shell, useDocumentTitle } from "../layout/use-document-title";

// Authoring: inline edit mode loads the editor chunk only when an author opens it.
const EditPostForm = lazy(() => import("../../features/editor/components/edit-post-form"));
// Its views, for the post's author only (readers never load it).
const PostStatsLine = lazy(() => import("../../features/stats/components/post-stats-line"));

// SPEC §8 post page messages.
const MISSING_ID_TEXT = "Post ID is missing";
const NOT_FOUND_TEXT = "Post not found";
const LOAD_ERROR_TEXT = "Error loading post";

function PostMessage({ text }: { text: string }) {
  // The tab says what the page says, after client-side navigation too (as the server's shell does).
  useDocumentTitle(postPageTitle(text, shell().siteName));
  return (
    <main className="page">
      <div className="page-message" role="alert">
        <h1>{text}</h1>
        <BackButton fallback={paths.home}>← Go back</BackButton>
      </div>
    </main>
  );
}

function AuthorPostStats({ postId }: { postId: string }) {
  // After hydration only: renderToString cannot wait for a lazy part, and hydration must match.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <PostStatsLine postId={postId} />
    </Suspense>
  ) : null;
}

function InlineEditor(props: { post: BlogPost; sealed: boolean; partner: boolean; onCancel: () => void }) {
  const { post, sealed, partner, onCancel } = props;
  // After hydration only: renderToString cannot wait for the editor's lazy chunk, and hydration
  // throws away a boundary the server left unfinished (React error #419). Both renders show the
  // same placeholder first.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = <p aria-busy="true">Loading the editor...</p>;
  return mounted ? (
    <Suspense fallback={loading}>
      <EditPostForm
        post={post}
        blogPath={paths.blog(post.author)}
        sealed={sealed}
        partner={partner}
        onCancel={onCancel}
      />
    </Suspense>
  ) : (
    loading
  );
}

function PostPageView({ post, reading }: { post: BlogPost; reading: PostReading | null }) {
  const { siteName, publicUrl, pinterestBoardUrl, site } = shell();
  // Her posts show the pin board unless the settings switched it off.
  const pins = post.author === "her" && site.pinterestBoard !== PINTEREST_OFF;
  // SPEC §2: the title suffix ' - {product} Blog'; the description is the text's first 160 characters.
  // A two-takes post goes by its topic (the tab, the share button).
  const title = reading?.pair?.topic ?? post.title;
  useDocumentTitle(postPageTitle(title, siteName), metaDescription(post.content, post.title));
  const { viewer } = useSession();
  // 'Edit' in /admin's 'Your posts' opens the post in edit mode (?edit=1).
  const [params] = useSearchParams();
  // The partner of a shared draft writes it too (decision 0050): the server says so in `share`.
  const partner = reading?.share === "partner";
  const mayEdit = canManagePost(viewer ?? null, post) || partner;
  const [editing, setEditing] = useState(() => params.get("edit") === "1" && mayEdit);
  // The reading data may arrive after the post: a shared draft opened with ?edit=1 opens then.
  useEffect(() => {
    if (partner && params.get("edit") === "1") setEditing(true);
  }, [partner, params]);
  // After cancel-edit, focus returns to the Edit button.
  const [returnFocus, setReturnFocus] = useState(false);
  // The author's preview of a draft or scheduled post: nothing a reader does with a public post
  // (like, share, follow, comment; the server refuses them too).
  const preview = post.status !== "published";
  const view = (
    <div className="post-main">
      {editing ? (
        <InlineEditor
          post={post}
          sealed={reading?.sealedTake === true}
          partner={partner}
          onCancel={() => {
            setEditing(false);
            setReturnFocus(true);
          }}
        />
      ) : (
        <PostView
          post={post}
          tagHref={paths.tag}
          reading={reading}
          top={<BackButton fallback={paths.blog(post.author)}>← Back</BackButton>}
          // Authoring: edit/delete actions for the post's author go in `actions`; the inline edit
          // mode replaces <PostView> while editing.
          actions={
            viewer ? (
              <PostAdminActions
                post={post}
                viewer={viewer}
                blogPath={paths.blog(post.author)}
                onEdit={() => setEditing(true)}
                focusEdit={returnFocus}
                share={reading?.share}
                sealed={reading?.sealedTake === true}
              />
            ) : null
          }
          mentionActions={
            canManagePost(viewer ?? null, post)
              ? (mention, onRemoved) => (
                  <MentionRemove
                    mention={mention}
                    post={post}
                    viewer={viewer ?? null}
                    onRemoved={onRemoved}
                  />
                )
              : undefined
          }
          // Both takes of a pair share one conversation: the proposer's take's (listed first).
          like={
            preview ? null : (
              <LikeButton postId={post.id} likes={reading?.pair?.takes[0]?.post.likes ?? post.likes} />
            )
          }
          share={
            preview ? null : (
              <ShareButton
                url={`${publicUrl}${paths.post(post.slug)}`}
                title={title}
                hashtags={post.hashtags}
              />
            )
          }
        />
      )}
      {!editing && canManagePost(viewer ?? null, post) ? <AuthorPostStats postId={post.id} /> : null}
      {editing || preview ? null : <FollowBox author={post.author} />}
      {editing || preview ? null : <CommentsSection post={post} />}
    </div>
  );
  // SPEC §2's inline edit mode opens the studio's canvas in place, over the page's whole width.
  // A two-takes post takes the page's width for its two columns, without the sidebar.
  const pair = !editing && !!reading?.pair;
  const pageClass = editing
    ? "page post-page--editing"
    : pair
      ? "page post-page--pair"
      : pins
        ? "page with-sidebar"
        : "page";
  return (
    <main className={pageClass}>
      {post.status !== "published" ? (
        // Only the author reaches an unpublished post: this page is the preview.
        <p className="post-status-note" role="note">
          {post.status === "draft"
            ? "Preview of a draft: only you can see it."
            : `Preview: scheduled for ${new Date(post.date).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}; only you can see it until then.`}
        </p>
      ) : null}
      {view}
      {pins && !editing && !pair ? <PinBoard boardUrl={pinterestBoardUrl} /> : null}
    </main>
  );
}

export default function PostPage() {
  // A slug, an earlier slug or an id (docs/decisions/0033-post-addresses.md).
  const { postId: address } = useParams();
  const query = usePostAt(address);
  const post = query.state === "ready" ? query.post : null;
  // Inlined by the server with the post, else loaded once the address is known; a failure only
  // leaves the extras out.
  const reading = usePostReading(post?.id).data ?? null;
  const navigate = useNavigate();
  // The server answers an id or an earlier slug with a 301; in-app navigation lands here instead.
  const moved = post && address !== undefined && post.slug !== address;
  useEffect(() => {
    if (moved)
      void navigate(`${paths.post(post.slug)}${window.location.search}${window.location.hash}`, {
        replace: true,
      });
  }, [moved, post, navigate]);
  if (!address) return <PostMessage text={MISSING_ID_TEXT} />;
  if (query.state === "pending") {
    return (
      <main className="page">
        <p className="list-status" aria-busy="true">
          Loading post...
        </p>
      </main>
    );
  }
  if (query.state === "error") return <PostMessage text={LOAD_ERROR_TEXT} />;
  if (query.state === "missing") return <PostMessage text={NOT_FOUND_TEXT} />;
  return <PostPageView post={query.post} reading={reading?.postId === query.post.id ? reading : null} />;
}
