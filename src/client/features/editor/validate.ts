import { z } from "zod";
import { postFields } from "../../../common/schemas/post";
import type { FieldErrors } from "./components/post-editor";
import type { EditorValue } from "./editor-model";

/** SPEC §5: title and content required (the form's message, tied to the fields in error). */
export const REQUIRED_TEXT = "Title and content are required.";

// The same title and content rules the write routes parse with (src/common/schemas/post.ts);
// other limits (lengths) are left to the server's answer, which the form shows.
const RequiredFields = z.object({ title: postFields.title, content: postFields.content });
const MISSING = { title: "Title is required", content: "Content is required" } as const;

export function requiredErrors(value: EditorValue, messageId: string): FieldErrors | null {
  const result = RequiredFields.safeParse({ title: value.title, content: value.content });
  if (result.success) return null;
  const missing = (field: keyof typeof MISSING) =>
    result.error.issues.some((i) => i.path[0] === field && i.message === MISSING[field]);
  const errors = { title: missing("title"), content: missing("content"), messageId };
  return errors.title || errors.content ? errors : null;
}
