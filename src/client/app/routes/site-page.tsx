import { Link, useLocation, useParams } from "react-router";
import { paths } from "../../../common/routes";
import { useSitePage } from "../../features/pages/api/site-page";
import { PostContent } from "../../features/posts/components/post-content";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** A page the authors wrote — /privacy, /terms or /p/{slug}, rendered on the server. */
export default function SitePageRoute() {
  const { pathname } = useLocation();
  const params = useParams();
  const slug = params.slug ?? (pathname.startsWith(paths.terms) ? "terms" : "privacy");
  const { data: page, isPending, isError } = useSitePage(slug);
  const { siteName } = shell();
  useDocumentTitle(page ? `${page.title} - ${siteName}` : null);
  if (isPending) return <main className="page" aria-busy="true" />;
  if (!page) {
    return (
      <main className="page">
        <div className="page-message">
          <h1>{isError ? "Error loading page" : "Page not found"}</h1>
          <Link to={paths.home} className="button">
            Return to Home
          </Link>
        </div>
      </main>
    );
  }
  return (
    <main className="page">
      <article className="post site-page">
        <h1>{page.title}</h1>
        <PostContent html={page.content} images={page.images} priorityFirst={false} />
      </article>
    </main>
  );
}
