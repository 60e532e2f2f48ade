import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { firstHour } from "../../../common/api";
import type { FirstHour } from "../../../common/first-hour";
import { call } from "../../lib/api";
import { useSession } from "../../lib/session";
import { FIRST_HOUR_PLACE, firstHourDismissed, firstHourDismissedKey } from "./first-hour-place";
import "./first-hour.css";

const firstHourKey = ["first-hour"] as const;
/** Where each step is done; the studio's navigation may pass its own pages. */
export interface FirstHourLinks {
  profile: string;
  post: string;
  settings: string;
}

const DEFAULT_LINKS: FirstHourLinks = {
  profile: "#author-profile-heading",
  post: "#new-post-heading",
  settings: "#site-settings-heading",
};

function useDismissed(userId: string | undefined) {
  // /admin renders in the browser only: the stored choice is read at once.
  const [dismissed, setDismissed] = useState(() => !userId || firstHourDismissed(userId));
  const dismiss = () => {
    setDismissed(true);
    try {
      if (userId) localStorage.setItem(firstHourDismissedKey(userId), "1");
    } catch {
      // Private mode: dismissed for this visit.
    }
  };
  return [dismissed, dismiss] as const;
}

/**
 * The first hour: the top of /admin for a verified author — set your name and photo,
 * write your first post, look at the settings. Each step ticks itself from real data (any save in
 * the studio asks again) and the list can be dismissed (remembered in this browser).
 */
export default function FirstHourChecklist({ links = DEFAULT_LINKS }: { links?: FirstHourLinks }) {
  const { viewer } = useSession();
  const client = useQueryClient();
  const [dismissed, dismiss] = useDismissed(viewer?.id);
  const steps = useQuery({
    queryKey: firstHourKey,
    queryFn: ({ signal }) => call(firstHour, { signal }),
    enabled: !!viewer?.authorKey && !dismissed,
  });
  // Whatever the author saves in the studio may tick a step: ask again after each save.
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success")
          void client.invalidateQueries({ queryKey: firstHourKey });
      }),
    [client],
  );

  if (!viewer?.authorKey || dismissed) return null;
  // Its place is kept while the steps load (the studio below does not move).
  if (!steps.data) return <div className="first-hour-place" style={FIRST_HOUR_PLACE} aria-hidden="true" />;
  const items: Array<[keyof FirstHour, string, string]> = [
    ["profile", "Set your name and photo", links.profile],
    ["post", "Write your first post", links.post],
    ["settings", "Look at the settings", links.settings],
  ];
  const done = items.filter(([key]) => steps.data[key]).length;
  return (
    <section className="first-hour" style={FIRST_HOUR_PLACE} aria-labelledby="first-hour-heading">
      <h2 id="first-hour-heading">Your first hour</h2>
      <p className="first-hour-progress">
        {done === items.length ? "All done. Your blog is yours." : `${done} of ${items.length} done`}
      </p>
      <ul className="first-hour-steps">
        {items.map(([key, text, href]) => (
          <li key={key} data-done={steps.data[key] || undefined}>
            <span className="first-hour-tick" aria-hidden="true">
              {steps.data[key] ? "✓" : "○"}
            </span>{" "}
            <a href={href}>{text}</a>
            <span className="visually-hidden">{steps.data[key] ? " (done)" : " (to do)"}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-ghost" onClick={dismiss}>
        Dismiss
      </button>
    </section>
  );
}
