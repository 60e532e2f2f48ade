import { createContext, type ReactNode, useContext, useState } from "react";
import type { Viewer } from "../../../common/types";

interface SessionState {
  /** undefined: not known yet (SPEC §2: render nothing until it is). */
  viewer: Viewer | null | undefined;
  setViewer: (viewer: Viewer | null) => void;
}

const SessionContext = createContext<SessionState>({ viewer: undefined, setViewer: () => {} });

export function SessionProvider({
  initialViewer,
  children,
}: {
  initialViewer: Viewer | null;
  children: ReactNode;
}) {
  // The server inlines the session, so the sign-in status is known at the first render.
  const [viewer, setViewer] = useState<Viewer | null | undefined>(initialViewer);
  return <SessionContext.Provider value={{ viewer, setViewer }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
