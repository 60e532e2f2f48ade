import type { AppContext } from "../context";
import type { Auth, AuthDeps } from "./auth";

/**
 * Better Auth, built the first time a request needs it: a sign-in path, a request carrying a
 * session cookie, a verification email. An anonymous reader's request never does, so a start
 * loads neither Better Auth (tens of MB of modules) nor this feature's endpoint table.
 */
export function lazyAuth(deps: Omit<AuthDeps, "paths">): AppContext["auth"] {
  let auth: Promise<Auth> | null = null;
  return {
    load() {
      auth ??= Promise.all([import("./auth"), import("./endpoints")]).then(
        ([{ createAuth }, { AUTH_PATH_RULES }]) => createAuth({ ...deps, paths: AUTH_PATH_RULES }),
        (error: unknown) => {
          auth = null;
          throw error;
        },
      );
      return auth;
    },
  };
}
