import { type PostStatus, SCHEDULE_MAX_AHEAD_DAYS } from "../../common/limits";
import { effectiveStatus } from "../../common/rules/post-visibility";
import { PUBLISHING_MESSAGES } from "../../common/schemas/post-status";
import { invalid } from "../errors";

/**
 * The stored status and publish time (`date`) after a save (docs/decisions/0009):
 * - published: dated at publishedAt when given (a time that has come: re-dating);
 *   otherwise a post already public keeps its date, one becoming public is dated now;
 * - scheduled: dated at publishAt, which must lie ahead;
 * - draft: dated now when it becomes a draft (so 'Your posts' shows it first), else kept.
 */
export function publishTime(
  input: { status?: PostStatus; publishAt?: string; publishedAt?: string },
  existing: { status: PostStatus; date: Date } | null,
  now: Date,
): { status: PostStatus; date: Date } | null {
  const status = input.status ?? (existing ? null : "published");
  if (status === null) return null;
  if (status === "scheduled") {
    const at = new Date(input.publishAt!);
    if (at.getTime() <= now.getTime()) throw invalid(PUBLISHING_MESSAGES.publishAtInPast);
    if (at.getTime() - now.getTime() > SCHEDULE_MAX_AHEAD_DAYS * 86_400_000)
      throw invalid(PUBLISHING_MESSAGES.publishAtTooFar);
    return { status, date: at };
  }
  if (status === "published" && input.publishedAt !== undefined) {
    const at = new Date(input.publishedAt);
    if (at.getTime() > now.getTime()) throw invalid(PUBLISHING_MESSAGES.publishedAtInFuture);
    if (at.getTime() < 0) throw invalid(PUBLISHING_MESSAGES.publishedAtTooEarly);
    return { status, date: at };
  }
  const current = existing ? effectiveStatus(existing, now) : null;
  return { status, date: current === status && existing ? existing.date : now };
}
