import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { ShellData } from "../../common/types";
import { SessionProvider } from "../lib/session";
import { ThemeProvider } from "../lib/theme";

export function AppProviders({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
    });
    // The server inlined the first data of the page: seed the cache so it paints without a request.
    for (const [queryKey, data] of shell.queries) client.setQueryData(queryKey, data);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider initialViewer={shell.viewer}>{children}</SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
