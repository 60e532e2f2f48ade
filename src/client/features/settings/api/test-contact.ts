import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** POST /api/settings/test-contact: a test message to the saved contact recipients, sent at once. */
export function useTestContact() {
  return useMutation({
    mutationFn: () => api<{ sentTo: string[] }>("/api/settings/test-contact", { method: "POST", body: {} }),
  });
}
