import { getSchema } from "@tiptap/core";
import type { Schema } from "@tiptap/pm/model";
import { useEffect, useRef, useState } from "react";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { COLLAB_SOCKET_BASE } from "../../../../common/api";
import { COLLAB_CLOSE, type CollabKind } from "../../../../common/collab";
import { editorExtensions } from "../visual/schema";
import { type CollabUser, readUser } from "./caret";
import { seedIfEmpty } from "./seed";

/** One connection to the shared document: a fresh one after the room is reset. */
export interface CollabSession {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Changes with each new session: the editor is made again for it. */
  key: number;
}

/** connecting: not synced yet; live/offline: writing together; alone: no shared room (the usual editor). */
export type CollabPhase = "connecting" | "live" | "offline" | "alone";

export interface Peer extends CollabUser {
  clientId: number;
}

export interface CollabState {
  session: CollabSession | null;
  phase: CollabPhase;
  user: CollabUser | null;
  /** Everyone in the document but this tab. */
  peers: Peer[];
  /** What the author should know: a reload, a limit, no shared room. */
  notice: { kind: "info" | "error"; text: string } | null;
  /** The post's author stopped sharing it with this author (4403): the editor puts them out. */
  revoked: boolean;
}

export const COLLAB_TEXT = {
  reloaded:
    "This was saved from outside this shared session (another window, editor or tool), so it was reloaded with that saved version. Check your last few changes: you are writing together again.",
  tooLarge:
    "This document is too large to share live: your partner no longer sees your changes. Your text is still here and saves as usual; shorten it or split it to write together again.",
  tooMany:
    "Too many changes were sent in a short time; sharing pauses for a few seconds and resumes by itself. Nothing you wrote is lost.",
  signedOut:
    "You were signed out, so your partner no longer sees your changes. Your text is still here: sign in again in another tab, save, and reload to write together again.",
  refused:
    "The shared document refused a change from this window, so sharing stopped. Your text is still here and saves as usual; reload the page to write together again.",
  sharedWithYou:
    "Your partner's draft, shared with you: you write it together. Publishing, scheduling and deleting it stay with them.",
  unshared:
    "The author of this draft stopped sharing it with you, so you can no longer open or edit it. What you saved before stays in the draft.",
  publishedByAuthor:
    "The author of this draft published it: it is theirs to edit from now on. What you saved is in it.",
  alone:
    "Writing together is not available right now: you are editing alone and saving works as usual. Reload the page to try again.",
};

/** How long the first connection may take, and how often it may fail, before this tab edits alone. */
const CONNECT_TIMEOUT_MS = 8_000;
const CONNECT_ATTEMPTS = 3;
const RETRY_AFTER_TOO_MANY_MS = 3_000;

let schema: Schema | null = null;
const wsOrigin = () =>
  `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${COLLAB_SOCKET_BASE}`;

function peersOf(provider: WebsocketProvider): Peer[] {
  const own = provider.doc.clientID;
  const peers: Peer[] = [];
  provider.awareness.getStates().forEach((state, clientId) => {
    const user = clientId === own ? null : readUser(state);
    if (user) peers.push({ ...user, clientId });
  });
  return peers.sort((a, b) => a.clientId - b.clientId);
}

interface Options {
  kind: CollabKind;
  id: string;
  user: CollabUser | null;
  /** Off (a published post, a new page): the usual editor, no connection. */
  enabled: boolean;
  /** The saved content as the visual editor's HTML: what an empty room is seeded with. */
  seedHtml: () => string;
  /** Load the saved post or page again (after a save from outside the session); seedHtml then gives it. */
  reload: () => Promise<void>;
}

/**
 * The live document of a draft, scheduled post or page, shared with the partner over
 * /api/collab (y-websocket): seeded once synced, reconnecting by itself, reset when the server
 * says the document was saved from elsewhere.
 */
export function useCollab({ kind, id, user, enabled, seedHtml, reload }: Options): CollabState {
  const [generation, setGeneration] = useState(0);
  const [session, setSession] = useState<CollabSession | null>(null);
  const [phase, setPhase] = useState<CollabPhase>(enabled ? "connecting" : "alone");
  const [peers, setPeers] = useState<Peer[]>([]);
  const [notice, setNotice] = useState<CollabState["notice"]>(null);
  const [revoked, setRevoked] = useState(false);
  // Read when a session starts (a name changed meanwhile shows from the next one).
  const hooks = useRef({ seedHtml, reload, user });
  hooks.current = { seedHtml, reload, user };

  useEffect(() => {
    if (!enabled) {
      setPhase("alone");
      return;
    }
    setPhase("connecting");
    const doc = new Y.Doc();
    // The server is the one place both tabs meet: no second channel between this browser's tabs.
    const provider = new WebsocketProvider(wsOrigin(), `${kind}/${id}`, doc, { disableBc: true });
    if (hooks.current.user) provider.awareness.setLocalStateField("user", hooks.current.user);
    let synced = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const goAlone = () => {
      clearTimeout(alone);
      provider.destroy();
      setPhase("alone");
      setNotice({ kind: "info", text: COLLAB_TEXT.alone });
    };
    const alone = setTimeout(() => synced || goAlone(), CONNECT_TIMEOUT_MS);
    let failed = 0;
    // No room to join (no answer, a refused upgrade): the usual editor, at once rather than later.
    provider.on("connection-close", () => {
      failed += 1;
      if (!synced && failed >= CONNECT_ATTEMPTS && provider.shouldConnect) goAlone();
    });
    provider.on("sync", (isSynced: boolean) => {
      if (!isSynced || synced) return;
      synced = true;
      clearTimeout(alone);
      schema ??= getSchema(editorExtensions());
      seedIfEmpty(doc, schema, hooks.current.seedHtml());
      setSession({ doc, provider, key: generation });
      setPhase("live");
    });
    provider.on("status", ({ status }) => {
      if (synced) setPhase(status === "connected" ? "live" : "offline");
    });
    provider.on("closed", ({ code }) => {
      if (code === COLLAB_CLOSE.savedElsewhere) {
        setNotice({ kind: "info", text: COLLAB_TEXT.reloaded });
        setSession(null);
        void hooks.current
          .reload()
          .catch(() => undefined)
          .then(() => setGeneration((g) => g + 1));
      } else if (code === COLLAB_CLOSE.tooMany) {
        setNotice({ kind: "error", text: COLLAB_TEXT.tooMany });
        retry = setTimeout(() => provider.connect(), RETRY_AFTER_TOO_MANY_MS);
      } else if (code === COLLAB_CLOSE.unshared) {
        // Decision 0050: no longer this author's to write (sharing stopped, or it went public).
        setNotice({ kind: "error", text: COLLAB_TEXT.unshared });
        setRevoked(true);
      } else if (code === COLLAB_CLOSE.tooLarge) {
        setNotice({ kind: "error", text: COLLAB_TEXT.tooLarge });
      } else if (!synced) {
        // Refused (not an author, no such draft): the usual editor.
        goAlone();
      } else {
        const signedOut = code === COLLAB_CLOSE.signedOut;
        setNotice({ kind: "error", text: signedOut ? COLLAB_TEXT.signedOut : COLLAB_TEXT.refused });
      }
    });
    const onAwareness = () => setPeers(peersOf(provider));
    provider.awareness.on("change", onAwareness);
    return () => {
      clearTimeout(alone);
      clearTimeout(retry);
      provider.awareness.off("change", onAwareness);
      provider.destroy();
      doc.destroy();
      setSession(null);
      setPeers([]);
    };
  }, [enabled, kind, id, generation]);

  // A notice about a pause clears once the connection is back.
  useEffect(() => {
    if (phase === "live") setNotice((n) => (n?.text === COLLAB_TEXT.tooMany ? null : n));
  }, [phase]);

  return { session, phase, user, peers, notice, revoked };
}
