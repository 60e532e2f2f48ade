import type { Editor } from "@tiptap/react";
import { type FormEvent, useId, useRef, useState } from "react";
import { pagesList } from "../../../../../common/api";
import { CreatePageSchema, UpdatePageSchema } from "../../../../../common/schemas/site-page";
import {
  isBuiltInPage,
  PAGE_SLUG_MAX_LENGTH,
  PAGE_TITLE_MAX_LENGTH,
  type PagePlacement,
  type SitePageDetail,
} from "../../../../../common/site-pages";
import type { BlogPost } from "../../../../../common/types";
import { ApiError, call } from "../../../../lib/api";
import { useSession } from "../../../../lib/session";
import { collabUser } from "../../collab/caret";
import { useSharedImages } from "../../collab/shared-images";
import { useCollab } from "../../collab/use-collab";
import { ContentField } from "../../components/content-field";
import { ImageManager } from "../../components/image-manager";
import { type EditorValue, editorValueFromPost, emptyEditorValue } from "../../editor-model";
import { NotesBeside } from "../../notes/notes-beside";
import { prepareBody } from "../../save";
import { useContentImages } from "../../use-add-images";
import { textToEditorHtml } from "../../visual/convert";
import { useSavePage } from "../api/studio-pages";
import "../../prosemirror.css";
import "../../editor.css";

/**
 * A page's content in the post editor's terms (the same visual editor, images and all). Every
 * field the editor's save reads is given: a page has no post address, excerpt or hashtags.
 */
const editorValueOf = (page: SitePageDetail | null): EditorValue => {
  if (!page) return emptyEditorValue("him");
  const asPost: Pick<
    BlogPost,
    | "title"
    | "content"
    | "images"
    | "author"
    | "excerpt"
    | "slug"
    | "hashtags"
    | "imageUrl"
    | "sendToFollowers"
  > = {
    title: page.title,
    content: page.content,
    images: page.images,
    author: "him",
    excerpt: "",
    slug: "",
    hashtags: [],
    imageUrl: null,
    sendToFollowers: false,
  };
  return editorValueFromPost(asPost as BlogPost);
};

/** An address from a title: 'About Us!' → 'about-us'. */
export const slugFrom = (title: string): string =>
  title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PAGE_SLUG_MAX_LENGTH)
    .replace(/-+$/, "");

const PLACEMENT_TEXT: Record<PagePlacement, string> = {
  none: "Not linked",
  nav: "Navbar menu",
  footer: "Footer",
};

interface Props {
  /** null: a new page. */
  page: SitePageDetail | null;
  onDone: () => void;
}

/** Write or change one page: title, address, content with images, draft/published, where it is linked. */
export function PageForm({ page, onDone }: Props) {
  const uid = useId();
  const builtIn = !!page && isBuiltInPage(page.slug);
  const [value, setValue] = useState<EditorValue>(() => editorValueOf(page));
  const [slug, setSlug] = useState(page?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(!!page);
  const [published, setPublished] = useState(page?.published ?? false);
  const [placement, setPlacement] = useState<PagePlacement>(page?.placement ?? "footer");
  const [position, setPosition] = useState(String(page?.position ?? 0));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [visual, setVisual] = useState<Editor | null>(null);
  const { contentField, imageManager } = useContentImages(value, setValue);
  const save = useSavePage();
  // Writing together on a stored page (both authors' pages), by its id.
  const { viewer } = useSession();
  const stored = useRef(page);
  const collab = useCollab({
    kind: "pages",
    id: page?.id ?? "",
    user: viewer?.authorKey ? collabUser(viewer.displayName, viewer.authorKey) : null,
    enabled: !!page?.id && !!viewer?.authorKey,
    seedHtml: () => textToEditorHtml(editorValueOf(stored.current).content),
    reload: async () => {
      const pages = await call(pagesList, {});
      stored.current = pages.find((p) => p.id === page?.id) ?? stored.current;
      setValue(editorValueOf(stored.current));
    },
  });
  useSharedImages(collab.session?.doc ?? null, value.images, setValue);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const { body, images } = await prepareBody(value, () => []);
      setValue((v) => ({ ...v, images }));
      const fields = {
        title: body.title,
        content: body.content,
        images: body.images,
        position: Number(position),
        ...(builtIn ? {} : { slug, published, placement }),
      };
      const schema = page ? UpdatePageSchema : CreatePageSchema;
      const checked = schema.safeParse(fields);
      if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? "Please check the page.");
      await save.mutateAsync(
        page
          ? { kind: "update", slug: page.slug, body: fields, collab: collab.phase !== "alone" }
          : { kind: "create", body: { ...fields, slug, published, placement } },
      );
      onDone();
    } catch (e) {
      setError(
        e instanceof ApiError || e instanceof Error
          ? e.message
          : "Failed to save the page. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="page-form post-editor" onSubmit={handleSubmit} noValidate aria-labelledby={`${uid}-h`}>
      <h3 id={`${uid}-h`}>{page ? `Edit ${page.title}` : "New page"}</h3>
      <label className="field" htmlFor={`${uid}-title`}>
        <span>Title</span>
        <input
          className="input"
          id={`${uid}-title`}
          type="text"
          required
          maxLength={PAGE_TITLE_MAX_LENGTH}
          value={value.title}
          onChange={(e) => {
            const title = e.target.value;
            setValue((v) => ({ ...v, title }));
            if (!slugTouched) setSlug(slugFrom(title));
          }}
        />
      </label>
      {builtIn ? null : (
        <label className="field" htmlFor={`${uid}-slug`}>
          <span>Address</span>
          <input
            className="input"
            id={`${uid}-slug`}
            type="text"
            required
            maxLength={PAGE_SLUG_MAX_LENGTH}
            value={slug}
            aria-describedby={`${uid}-slug-hint`}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
          />
          <small id={`${uid}-slug-hint`} className="field-hint">
            The page is read at /p/{slug || "address"}.
          </small>
        </label>
      )}
      <ContentField
        id={`${uid}-content`}
        {...contentField}
        collab={page?.id ? collab : null}
        onEditor={setVisual}
      />
      {page?.id ? <NotesBeside kind="pages" docId={page.id} collab={collab} editor={visual} /> : null}
      <ImageManager {...imageManager} />
      {builtIn ? (
        <p className="field-hint">Linked from the footer on every page, as always.</p>
      ) : (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />{" "}
            Published
          </label>
          <label className="field" htmlFor={`${uid}-placement`}>
            <span>Link it from</span>
            <select
              className="input"
              id={`${uid}-placement`}
              value={placement}
              onChange={(e) => setPlacement(e.target.value as PagePlacement)}
            >
              {(Object.keys(PLACEMENT_TEXT) as PagePlacement[]).map((p) => (
                <option key={p} value={p}>
                  {PLACEMENT_TEXT[p]}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={`${uid}-position`}>
            <span>Order (smallest first)</span>
            <input
              className="input"
              id={`${uid}-position`}
              type="number"
              min={0}
              max={999}
              value={position}
              onChange={(e) => setPosition(e.target.value)}
            />
          </label>
        </>
      )}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="page-form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Saving..." : "Save page"}
        </button>
        <button type="button" className="button button-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
