import { Link } from "react-router";
import { paths } from "../../../common/routes";
import { LatestPosts } from "../../features/posts/components/latest-posts";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function HomePage() {
  const { siteName } = shell();
  useDocumentTitle(siteName);
  return (
    <main className="page home">
      <section className="hero">
        <h1 className="hero-title">Welcome to {siteName}</h1>
        <p className="hero-lead">
          Two voices, one blog. Stories, ideas and little discoveries from his side and hers.
        </p>
      </section>

      <section className="featured" aria-label="Our blogs">
        <Link to={paths.hisBlog} className="featured-card featured-card--him">
          <h2>His Blog</h2>
          <p>Adventures, projects and thoughts from his side of the story.</p>
          <span className="featured-cta" aria-hidden="true">
            Read his posts →
          </span>
        </Link>
        <Link to={paths.herBlog} className="featured-card featured-card--her">
          <h2>Her Blog</h2>
          <p>Inspiration, creativity and everyday moments from her side of the story.</p>
          <span className="featured-cta" aria-hidden="true">
            Read her posts →
          </span>
        </Link>
      </section>

      <LatestPosts />

      <section className="about" aria-labelledby="about-title">
        <h2 id="about-title">About Us</h2>
        <p>
          We are a couple who love to write. Here we share what we see, make and learn, each in our own blog,
          and read each other's along the way. We would love to hear from you.
        </p>
        <Link to={paths.contact} className="button">
          Get in Touch
        </Link>
      </section>
    </main>
  );
}
