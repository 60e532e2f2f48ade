import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { ShellData } from "../../common/types";
import { SessionProvider } from "../lib/session";

export function AppProviders({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
    });
    // The server inlined the first data of the page (and rendered it): seed the cache with it, so
    // hydration renders the same thing and the page paints without a request.
    for (const [queryKey, data] of shell.queries) client.setQueryData(queryKey, data);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialViewer={shell.viewer}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
