// STYLE.md: an unexpected console.error fails a test. A test that expects one says so with
// `vi.spyOn(console, "error").mockImplementation(() => {})`, which takes these calls over.
import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

const original = console.error;
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  console.error = (...args: unknown[]) => {
    unexpected.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (unexpected.length > 0) {
    const first = unexpected[0]!.split("\n").slice(0, 5).join("\n");
    throw new Error(`Unexpected console.error (${unexpected.length}× in this test):\n${first}`);
  }
});
