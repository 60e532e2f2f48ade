import { useMutation } from "@tanstack/react-query";
import { settingsTestContact } from "../../../../common/api";
import { call } from "../../../lib/api";

/** POST /api/settings/test-contact: a test message to the saved contact recipients, sent at once. */
export function useTestContact() {
  return useMutation({
    mutationFn: () => call(settingsTestContact, { body: {} }),
  });
}
