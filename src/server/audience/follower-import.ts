import { AUDIENCE_TEXT, type ImportResult } from "../../common/audience-page";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { existingFollowers } from "./audience-page.repository";
import { parseFollowerCsv } from "./follower-csv";
import { type ConfirmationEmail, requestFollow } from "./followers.repository";

/**
 * Import a list of addresses as followers of one blog. Each new (or still pending) address is
 * sent a confirmation email first, unless the author says they agreed elsewhere (`confirmed`).
 * Bad lines, repeats, addresses that already follow, bounce or unsubscribed are reported by line
 * and skipped: someone who left is never put back by a list, only by following again.
 * Confirmations go through requestFollow, so its per-address limits hold here too.
 */
export async function importFollowers(
  db: Db,
  input: { author: AuthorKey; csv: string; confirmed: boolean; now: Date },
  email: ConfirmationEmail,
): Promise<ImportResult> {
  const { addresses, problems } = parseFollowerCsv(input.csv);
  if (addresses.length === 0 && problems.length === 0) {
    return {
      imported: 0,
      confirmationsSent: 0,
      problems: [{ line: 1, text: "", reason: AUDIENCE_TEXT.emptyImport }],
    };
  }
  const existing = await existingFollowers(
    db,
    input.author,
    addresses.map((a) => a.email),
  );
  let imported = 0;
  let confirmationsSent = 0;
  for (const { line, email: address } of addresses) {
    const status = existing.get(address);
    const refusal =
      status === "active"
        ? AUDIENCE_TEXT.alreadyFollows
        : status === "bouncing"
          ? AUDIENCE_TEXT.bouncing
          : status === "unsubscribed"
            ? AUDIENCE_TEXT.unsubscribed
            : null;
    if (refusal) {
      problems.push({ line, text: address, reason: refusal });
      continue;
    }
    const queued = await requestFollow(
      db,
      { email: address, authors: [input.author], userId: null, confirmed: input.confirmed, now: input.now },
      email,
    );
    imported++;
    confirmationsSent += queued;
  }
  problems.sort((a, b) => a.line - b.line);
  return { imported, confirmationsSent, problems };
}
