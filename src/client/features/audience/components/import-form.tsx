import { type FormEvent, useId, useState } from "react";
import { IMPORT_MAX_LINES } from "../../../../common/audience-page";
import { ApiError } from "../../../lib/api";
import { useImportFollowers } from "../api/audience";

export const IMPORT_TEXT = {
  heading: "Import followers",
  hint: `A CSV file or a pasted list: one email address per line, or a column named "email". At most ${IMPORT_MAX_LINES.toLocaleString("en")} lines.`,
  agreed: "These people already agreed to get my posts by email (no confirmation email)",
  failed: "Failed to import the list. Please try again.",
} as const;

/** Import a list of addresses; each bad line is listed with its number and reason. */
export function ImportForm() {
  const id = useId();
  const [csv, setCsv] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const run = useImportFollowers();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (run.isPending) return;
    run.mutate({ csv, confirmed }, { onSuccess: () => setCsv("") });
  };
  const result = run.data;
  return (
    <form className="audience-import" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{IMPORT_TEXT.heading}</h3>
      <p className="field-hint" id={`${id}-hint`}>
        {IMPORT_TEXT.hint}
      </p>
      <label htmlFor={`${id}-file`}>CSV file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then(setCsv);
        }}
      />
      <label htmlFor={`${id}-csv`}>Addresses</label>
      <textarea
        id={`${id}-csv`}
        className="input"
        rows={5}
        value={csv}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setCsv(e.target.value)}
      />
      <label className="audience-check">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />{" "}
        {IMPORT_TEXT.agreed}
      </label>
      <button type="submit" className="button" aria-disabled={run.isPending}>
        {run.isPending ? "Importing..." : "Import"}
      </button>
      <div role="status" className="audience-import-result">
        {result ? (
          <>
            <p>
              {result.imported === 1 ? "1 address imported" : `${result.imported} addresses imported`}
              {result.confirmationsSent > 0
                ? `; ${result.confirmationsSent} sent a confirmation email first`
                : ""}
              .
            </p>
            {result.problems.length > 0 ? (
              <>
                <p>
                  {result.problems.length === 1
                    ? "1 line was left out:"
                    : `${result.problems.length} lines were left out:`}
                </p>
                <ul className="audience-problems">
                  {result.problems.map((p) => (
                    <li key={p.line}>
                      Line {p.line}
                      {p.text ? (
                        <>
                          {" "}
                          (<code>{p.text}</code>)
                        </>
                      ) : null}
                      : {p.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
      {run.isError ? (
        <p className="form-error" role="alert">
          {run.error instanceof ApiError && run.error.status === 400 ? run.error.message : IMPORT_TEXT.failed}
        </p>
      ) : null}
    </form>
  );
}
