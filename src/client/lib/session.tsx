import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Viewer } from "../../common/types";
import {
  fetchViewer,
  registerAccount,
  requestPasswordReset,
  resetPasswordWithToken,
  signInWithPassword,
  signOutRequest,
} from "./auth-api";
import type { AuthError } from "./auth-errors";

interface SessionState {
  /** undefined: not known yet (SPEC §2: render nothing until it is). */
  viewer: Viewer | null | undefined;
  setViewer: (viewer: Viewer | null) => void;
  /** SPEC §4: the last auth failure, cleared at the start of each attempt. */
  error: AuthError | null;
  /** True after this tab logged out on purpose: protected pages then go home, not back to /login. */
  signedOut: boolean;
  login: (email: string, password: string) => Promise<Viewer | null>;
  logout: () => Promise<void>;
  register: (email: string, password: string, displayName: string) => Promise<void>;
  resetPassword: (email: string) => Promise<void>;
  confirmPasswordReset: (token: string, newPassword: string) => Promise<void>;
}

const notReady = () => Promise.reject(new Error("SessionProvider is missing"));
const SessionContext = createContext<SessionState>({
  viewer: undefined,
  setViewer: () => {},
  error: null,
  signedOut: false,
  login: notReady,
  logout: notReady,
  register: notReady,
  resetPassword: notReady,
  confirmPasswordReset: notReady,
});

export function SessionProvider({
  initialViewer,
  children,
}: {
  initialViewer: Viewer | null;
  children: ReactNode;
}) {
  // The server inlines the session, so the sign-in status is known at the first render.
  const [viewer, setViewer] = useState<Viewer | null | undefined>(initialViewer);
  const [error, setError] = useState<AuthError | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const queryClient = useQueryClient();

  // SPEC §4: clear the error when an attempt starts; on failure keep the mapped error and re-throw it.
  const attempt = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    setError(null);
    try {
      return await run();
    } catch (e) {
      // The catalogue of SPEC §8 texts loads with the first failure, not with every page.
      const { toAuthError } = await import("./auth-errors");
      const mapped = toAuthError(e);
      setError(mapped);
      throw mapped;
    }
  }, []);

  const value = useMemo<SessionState>(
    () => ({
      viewer,
      setViewer,
      error,
      signedOut,
      login: (email, password) =>
        attempt(async () => {
          await signInWithPassword(email, password);
          const next = await fetchViewer();
          setSignedOut(false);
          setViewer(next);
          // Likes and comment permissions depend on who is reading.
          await queryClient.invalidateQueries();
          return next;
        }),
      logout: () =>
        attempt(async () => {
          await signOutRequest();
          // Set together with the viewer, so a protected page never sees "signed out" without it.
          setSignedOut(true);
          setViewer(null);
          await queryClient.invalidateQueries();
        }),
      register: (email, password, displayName) =>
        attempt(() => registerAccount(email, password, displayName)),
      resetPassword: (email) => attempt(() => requestPasswordReset(email)),
      confirmPasswordReset: (token, newPassword) => attempt(() => resetPasswordWithToken(token, newPassword)),
    }),
    [viewer, error, signedOut, attempt, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
