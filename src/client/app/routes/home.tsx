import { Link } from "react-router";
import { paths } from "../../../common/routes";
import { LatestPosts } from "../../features/posts/components/latest-posts";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** SPEC §2 home: hero, two featured cards, About Us with 'Get in Touch'; the words are the site settings'. */
export default function HomePage() {
  const { siteName, site } = shell();
  useDocumentTitle(siteName);
  return (
    <main className="page home">
      <section className="hero">
        <h1 className="hero-title">{site.heroHeading}</h1>
        <p className="hero-lead">{site.heroText}</p>
      </section>

      <section className="featured" aria-label="Our blogs">
        <Link to={paths.hisBlog} className="featured-card featured-card--him">
          <h2>{site.himBlogName}</h2>
          <p>{site.himBlogDescription}</p>
          <span className="featured-cta" aria-hidden="true">
            Read his posts →
          </span>
        </Link>
        <Link to={paths.herBlog} className="featured-card featured-card--her">
          <h2>{site.herBlogName}</h2>
          <p>{site.herBlogDescription}</p>
          <span className="featured-cta" aria-hidden="true">
            Read her posts →
          </span>
        </Link>
      </section>

      <LatestPosts />

      <section className="about" aria-labelledby="about-title">
        <h2 id="about-title">About Us</h2>
        <p>{site.aboutText}</p>
        <Link to={paths.contact} className="button">
          Get in Touch
        </Link>
      </section>
    </main>
  );
}
