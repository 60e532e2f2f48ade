import { useMutation } from "@tanstack/react-query";
import { verificationEmail } from "../../../../common/api";
import { call } from "../../../lib/api";

/** Ask for the author-address verification link again (rate-limited by the server). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => call(verificationEmail, { body: {} }),
  });
}
