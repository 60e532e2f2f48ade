import { useNavigate } from "react-router";
import type { AuthorKey } from "../../../../common/limits";
import type { PostPair } from "../../../../common/takes";
import { ApiError } from "../../../lib/api";
import { type PairAction, useOwnTake, usePairAction, useStartTake } from "../api/takes";
import { formatTime } from "./format";

const DONE: Record<PairAction, string> = {
  accept: "Accepted: you can both write your takes.",
  decline: "Declined.",
  ready: "Your take is marked ready.",
  unready: "Your take is no longer ready.",
};
const FAILED = "That did not work. Please try again.";
const REVEALED = "Both takes are ready: the post is revealed.";

/** Decision 0046: a reveal date passed with a take missing reveals nothing alone; both are told. */
export function revealDateNotice(pair: PostPair, me: AuthorKey): string | null {
  if (!pair.revealDatePassed) return null;
  const partner: AuthorKey = me === "him" ? "her" : "him";
  const mine = pair.takes[me] === "ready";
  const theirs = pair.takes[partner] === "ready";
  const missing = mine
    ? "your partner's take is not ready yet"
    : theirs
      ? "your take is not ready yet"
      : "neither take is ready yet";
  return `The reveal date has passed and ${missing}. Both takes are revealed together as soon as both are ready.`;
}

const stateText = (pair: PostPair) => {
  if (pair.state === "proposed") return pair.waitingForMe ? "Proposed to you" : "Waiting for your partner";
  if (pair.state === "declined") return "Declined";
  if (pair.state === "revealed")
    return `Revealed ${pair.revealedAt ? formatTime(pair.revealedAt) : ""}`.trim();
  return pair.revealAt ? `Writing, revealed at ${formatTime(pair.revealAt)} if both are ready` : "Writing";
};

interface Props {
  pair: PostPair;
  me: AuthorKey;
  postPath: (slug: string) => string;
  onDone: (text: string, kind: "success" | "error") => void;
}

/** One pair: its state, the partner's take as a state only, and what the author may do next. */
export function PairItem({ pair, me, postPath, onDone }: Props) {
  const partner: AuthorKey = me === "him" ? "her" : "him";
  const action = usePairAction(pair.id);
  const start = useStartTake(pair);
  const ownTake = useOwnTake(pair.myTakeId);
  const navigate = useNavigate();
  const busy = action.isPending || start.isPending;
  const run = async (kind: PairAction) => {
    if (busy) return;
    try {
      const after = await action.mutateAsync(kind);
      onDone(after.state === "revealed" ? REVEALED : DONE[kind], "success");
    } catch (error) {
      onDone(error instanceof ApiError && error.status < 500 ? error.message : FAILED, "error");
    }
  };
  const write = async () => {
    if (busy) return;
    try {
      const post = await start.mutateAsync(me);
      navigate(`${postPath(post.slug)}?edit=1`);
    } catch (error) {
      onDone(error instanceof ApiError && error.status < 500 ? error.message : FAILED, "error");
    }
  };
  const slug = ownTake.data?.slug;
  const button = (kind: PairAction, label: string) => (
    <button
      type="button"
      className={kind === "decline" || kind === "unready" ? "button button-ghost" : "button"}
      aria-disabled={busy}
      aria-label={`${label}: ${pair.topic}`}
      onClick={() => run(kind)}
    >
      {action.isPending && action.variables === kind ? "Saving..." : label}
    </button>
  );

  return (
    <li className="pair-item" data-state={pair.state}>
      <div className="own-post-row">
        <div className="own-post-text">
          <h3 className="own-post-title">{pair.topic}</h3>
          {pair.prompt ? <p className="pair-prompt">{pair.prompt}</p> : null}
          <p className="own-post-meta">
            <span className="studio-badge">{stateText(pair)}</span>
          </p>
          {revealDateNotice(pair, me) ? <p className="pair-notice">{revealDateNotice(pair, me)}</p> : null}
          {pair.state === "accepted" ? (
            <dl className="pair-takes">
              <dt>Your take</dt>
              <dd>{pair.takes[me]}</dd>
              <dt>Your partner's take</dt>
              <dd>{pair.takes[partner]}</dd>
            </dl>
          ) : null}
        </div>
        <div className="own-post-actions">
          {pair.state === "proposed" && pair.waitingForMe ? (
            <>
              {button("accept", "Accept")}
              {button("decline", "Decline")}
            </>
          ) : null}
          {pair.state === "accepted" && pair.myTakeId === null ? (
            <button
              type="button"
              className="button"
              aria-disabled={busy}
              aria-label={`Write my take: ${pair.topic}`}
              onClick={write}
            >
              {start.isPending ? "Starting..." : "Write my take"}
            </button>
          ) : null}
          {pair.state === "accepted" && slug ? (
            <a
              className="button button-ghost"
              href={`${postPath(slug)}?edit=1`}
              aria-label={`Open my take: ${pair.topic}`}
            >
              Open my take
            </a>
          ) : null}
          {pair.state === "accepted" && pair.takes[me] === "writing" ? button("ready", "Mark ready") : null}
          {pair.state === "accepted" && pair.takes[me] === "ready"
            ? button("unready", "Not ready yet")
            : null}
          {pair.state === "revealed" && slug ? (
            <a
              className="button button-ghost"
              href={postPath(slug)}
              aria-label={`Read the post: ${pair.topic}`}
            >
              Read the post
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}
