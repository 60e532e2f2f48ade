import { useState } from "react";
import { FormStatus } from "../../../components/ui/form-status";
import { ApiError } from "../../../lib/api";
import { useTestContact } from "../api/test-contact";
import { SETTINGS_TEXT } from "./settings-fields";

/** 'Send a test message' to the saved contact recipients, with what happened. */
export function TestContactButton({ unsaved }: { unsaved: boolean }) {
  const test = useTestContact();
  const [result, setResult] = useState<{ kind: "error" | "success" | "note"; text: string } | null>(null);

  const handleClick = () => {
    if (test.isPending) return;
    if (unsaved) {
      setResult({ kind: "note", text: SETTINGS_TEXT.testSaveFirst });
      return;
    }
    setResult(null);
    test.mutate(undefined, {
      onSuccess: ({ sentTo }) => setResult({ kind: "success", text: SETTINGS_TEXT.testSent(sentTo) }),
      onError: (error) =>
        setResult({
          kind: "error",
          text: error instanceof ApiError ? error.message : SETTINGS_TEXT.testFailed,
        }),
    });
  };

  return (
    <div className="test-contact">
      <button type="button" className="button button-ghost" onClick={handleClick} disabled={test.isPending}>
        {test.isPending ? SETTINGS_TEXT.testBusy : SETTINGS_TEXT.test}
      </button>
      {result ? <FormStatus kind={result.kind}>{result.text}</FormStatus> : null}
    </div>
  );
}
