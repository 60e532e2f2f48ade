import type { AuthorKey } from "../../common/limits";
import type { Viewer } from "../../common/types";
import { type Config, normaliseEmail } from "../env";

// Who a signed-in account is to Duet: the viewer every route and page reads (through
// plugins/viewer.ts), apart from Better Auth's configuration so that reading it loads none of it.

export function authorKeyForEmail(config: Config, email: string): AuthorKey | null {
  const e = normaliseEmail(email);
  if (e === config.authorEmails.him) return "him";
  if (e === config.authorEmails.her) return "her";
  return null;
}

/** ARCHITECTURE: admin = author address AND verified, so a stranger registering it first gains nothing. */
export function toViewer(
  config: Config,
  user: { id: string; email: string; name: string; emailVerified: boolean },
): Viewer {
  const key = authorKeyForEmail(config, user.email);
  const isAdmin = key !== null && user.emailVerified;
  return {
    id: user.id,
    email: user.email,
    displayName: user.name,
    emailVerified: user.emailVerified,
    isAdmin,
    authorKey: isAdmin ? key : null,
    unverifiedAuthor: key !== null && !user.emailVerified,
  };
}
