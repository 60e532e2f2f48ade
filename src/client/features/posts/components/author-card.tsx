import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import type { AuthorProfile } from "../../../../common/types";
import { siteBlogName } from "../../../lib/shell-data";
import { AuthorAvatar } from "./author-avatar";
import { authorName } from "./format";

/** End of a post: who wrote it, their bio and the way to the rest of their blog. */
export function AuthorCard({ profile }: { profile: AuthorProfile }) {
  return (
    <div className="author-card">
      <AuthorAvatar profile={profile} size="large" />
      <div className="author-card-body">
        <p className="author-card-kicker">Written by</p>
        <h2 className="author-card-name">{authorName(profile)}</h2>
        {profile.bio ? <p className="author-card-bio">{profile.bio}</p> : null}
        <Link to={paths.blog(profile.author)} className="author-card-link">
          More from {siteBlogName(profile.author)} →
        </Link>
      </div>
    </div>
  );
}
