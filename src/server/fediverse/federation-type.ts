import type { Federation } from "@fedify/fedify";
import type { AppContext } from "../context";

/** Duet's Fedify federation: its context data is the app's context. */
export type DuetFederation = Federation<AppContext>;
