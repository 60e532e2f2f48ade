import { useState } from "react";
import { isBuiltInPage, pagePath, type SitePageDetail } from "../../../../common/site-pages";
import { useSavePage, useStudioPages } from "../api/studio-pages";
import { PageForm } from "./page-form";
import "../pages.css";

const where = (page: SitePageDetail) =>
  page.placement === "nav" ? "navbar menu" : page.placement === "footer" ? "footer" : "not linked";

/**
 * Issue 21, the studio's Pages: About, Privacy Policy, Terms of Service and any other page, in the
 * posts' visual editor. Self-contained: mount it where the studio's navigation puts Pages.
 */
export default function PagesManager() {
  const pages = useStudioPages();
  const remove = useSavePage();
  // undefined: the list; null: a new page; a page: editing it.
  const [editing, setEditing] = useState<SitePageDetail | null | undefined>(undefined);

  if (editing !== undefined) {
    return (
      <section className="pages-manager" aria-label="Pages">
        <PageForm key={editing?.slug ?? "new"} page={editing} onDone={() => setEditing(undefined)} />
      </section>
    );
  }
  return (
    <section className="pages-manager" aria-labelledby="pages-manager-heading">
      <div className="pages-manager-head">
        <h2 id="pages-manager-heading">Pages</h2>
        <button type="button" className="button" onClick={() => setEditing(null)}>
          New page
        </button>
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
              <button
                type="button"
                className="button button-ghost"
                aria-label={`Edit ${page.title}`}
                onClick={() => setEditing(page)}
              >
                Edit
              </button>
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
