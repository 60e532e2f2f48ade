import { useMutation } from "@tanstack/react-query";
import { contactSend } from "../../../../common/api";
import type { ContactInput } from "../../../../common/schemas/contact";
import { call } from "../../../lib/api";

/** The server stores the message, answers once it is kept, and delivers it (retrying) afterwards. */
export const useSendMessage = () =>
  useMutation({
    mutationFn: (input: ContactInput) => call(contactSend, { body: input }),
  });
