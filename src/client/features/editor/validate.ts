import type { FieldErrors } from "./components/post-editor";
import type { EditorValue } from "./editor-model";

/** SPEC §5: title and content required (the form's message, tied to the fields in error). */
export const REQUIRED_TEXT = "Title and content are required.";

export function requiredErrors(value: EditorValue, messageId: string): FieldErrors | null {
  const errors = { title: !value.title.trim(), content: !value.content.trim(), messageId };
  return errors.title || errors.content ? errors : null;
}
