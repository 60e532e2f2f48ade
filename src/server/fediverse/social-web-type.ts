import type { DuetFederation } from "./federation-type";

/** The lazily loaded half (social-web.ts): Fedify and what builds its objects. */
export type SocialWebModule = typeof import("./social-web");

/** The federation of this app and the module it came from, once loaded. */
export interface SocialWeb {
  federation: DuetFederation;
  lib: SocialWebModule;
}

/** Loads the social web on first use (once per app); every later call answers the same. */
export type LoadSocialWeb = () => Promise<SocialWeb>;
