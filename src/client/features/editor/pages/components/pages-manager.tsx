import { Link, useSearchParams } from "react-router";
import { isBuiltInPage, pagePath, type SitePageDetail } from "../../../../../common/site-pages";
import { useSavePage, useStudioPages } from "../api/studio-pages";
import { PageForm } from "./page-form";
import "../pages.css";

const NEW = "new";

const where = (page: SitePageDetail) =>
  page.placement === "nav" ? "navbar menu" : page.placement === "footer" ? "footer" : "not linked";

/**
 * The studio's Pages: About, Privacy Policy, Terms of Service and any other page, in the
 * posts' visual editor. Self-contained: mount it where the studio's navigation puts Pages.
 */
export default function PagesManager() {
  const pages = useStudioPages();
  const remove = useSavePage();
  // ?page=new: a new page; ?page={slug}: editing it (a link, like the posts' ?edit=1).
  const [params, setParams] = useSearchParams();
  const chosen = params.get("page");
  const editing: SitePageDetail | null | undefined =
    chosen === NEW ? null : (pages.data?.find((p) => p.slug === chosen) ?? undefined);
  const done = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("page");
      return next;
    });

  if (editing !== undefined) {
    return (
      <section className="pages-manager" aria-label="Pages">
        <PageForm key={editing?.slug ?? NEW} page={editing} onDone={done} />
      </section>
    );
  }
  return (
    <section className="pages-manager" aria-labelledby="pages-manager-heading">
      <div className="pages-manager-head">
        <h2 id="pages-manager-heading">Pages</h2>
        <Link className="button" to={`?page=${NEW}`}>
          New page
        </Link>
      </div>
      {pages.isPending ? <p aria-busy="true">Loading pages...</p> : null}
      {pages.isError ? <p role="alert">Failed to load the pages.</p> : null}
      <ul className="pages-list">
        {pages.data?.map((page) => (
          <li key={page.slug} className="pages-list-item">
            <div>
              <h3 className="own-post-title">{page.title}</h3>
              <p className="own-post-meta">
                <span className={`studio-badge studio-badge--${page.published ? "published" : "draft"}`}>
                  {page.published ? "Published" : "Draft"}
                </span>{" "}
                {pagePath(page.slug)} · {where(page)}
                {page.template ? " · template" : ""}
              </p>
            </div>
            <div className="own-post-actions">
              <Link
                className="button button-ghost"
                to={`?page=${encodeURIComponent(page.slug)}`}
                aria-label={`Edit ${page.title}`}
              >
                Edit
              </Link>
              <a className="button button-ghost" href={pagePath(page.slug)} aria-label={`View ${page.title}`}>
                View
              </a>
              {page.template ? null : (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`${isBuiltInPage(page.slug) ? "Reset" : "Delete"} ${page.title}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    const question = isBuiltInPage(page.slug)
                      ? `Go back to the template of ${page.title}?`
                      : `Delete the page ${page.title}?`;
                    if (window.confirm(question)) remove.mutate({ kind: "delete", slug: page.slug });
                  }}
                >
                  {isBuiltInPage(page.slug) ? "Reset" : "Delete"}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
