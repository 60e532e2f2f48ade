import { useFollowerCount } from "../api/follow";

/** /admin: how many people follow the signed-in author by email (confirmed). */
export function FollowerCount() {
  const query = useFollowerCount();
  if (!query.data) return null;
  const n = query.data.followers;
  return (
    <p className="admin-followers" data-testid="follower-count">
      {n === 1 ? "1 person follows" : `${n.toLocaleString("en-US")} people follow`} your blog by email.
    </p>
  );
}
