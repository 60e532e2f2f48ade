import { describe, expect, it } from "vitest";
import { POST_TITLE_MAX_LENGTH } from "../../../common/limits";
import { emptyEditorValue } from "./editor-model";
import { requiredErrors } from "./validate";

const value = (title: string, content: string) => ({ ...emptyEditorValue("her"), title, content });

describe("the editor's required-field check (the shared post schema)", () => {
  it("flags a blank title or content, and only those", () => {
    expect(requiredErrors(value("  ", "<p>Hi</p>"), "m")).toEqual({
      title: true,
      content: false,
      messageId: "m",
    });
    expect(requiredErrors(value("Sea", " \n"), "m")).toEqual({ title: false, content: true, messageId: "m" });
    expect(requiredErrors(value("", ""), "m")).toEqual({ title: true, content: true, messageId: "m" });
  });

  it("lets a complete post through, leaving other limits to the server's answer", () => {
    expect(requiredErrors(value("Sea", "<p>Hi</p>"), "m")).toBeNull();
    expect(requiredErrors(value("x".repeat(POST_TITLE_MAX_LENGTH + 1), "<p>Hi</p>"), "m")).toBeNull();
  });
});
