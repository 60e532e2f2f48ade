import { useMutation } from "@tanstack/react-query";
import type { ContactInput } from "../../../../common/schemas/contact";
import { api } from "../../../lib/api";

/** The server stores the message, answers once it is kept, and delivers it (retrying) afterwards. */
export const useSendMessage = () =>
  useMutation({
    mutationFn: (input: ContactInput) =>
      api<{ received: true }>("/api/contact", { method: "POST", body: input }),
  });
