import { useQuery } from "@tanstack/react-query";
import { notesOpen } from "../../../../common/api";
import { call } from "../../../lib/api";

/** GET /api/notes/open: every open note this author may see, newest first (the studio's list). */
export const useOpenNotes = () =>
  useQuery({ queryKey: ["draft-notes", "open"], queryFn: ({ signal }) => call(notesOpen, { signal }) });
