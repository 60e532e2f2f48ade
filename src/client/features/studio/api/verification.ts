import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Ask for the author-address verification link again (rate-limited by the server). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      api<{ ok: true; message: string }>("/api/account/verification-email", { method: "POST", body: {} }),
  });
}
