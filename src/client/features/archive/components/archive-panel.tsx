import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { downloadArchive } from "../api/export-archive";
import { type ImportReport, uploadArchive } from "../api/import-archive";
import "../archive.css";

type Run =
  | { state: "idle" }
  | { state: "busy"; fraction: number }
  | { state: "done"; text: string }
  | { state: "error"; text: string };

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

function describe(report: ImportReport): string {
  const posts = report.tables.blog_posts?.added ?? 0;
  const comments = report.tables.comments?.added ?? 0;
  return `Imported ${posts} posts, ${comments} comments and ${report.images.added} images.`;
}

function Progress({ run, label }: { run: Run; label: string }) {
  if (run.state === "busy")
    return (
      <p className="archive-progress">
        <progress max={1} value={run.fraction} aria-label={label} /> <span>{percent(run.fraction)}</span>
      </p>
    );
  if (run.state === "done")
    return (
      <p className="archive-done" role="status">
        {run.text}
      </p>
    );
  if (run.state === "error")
    return (
      <p className="archive-error" role="alert">
        {run.text}
      </p>
    );
  return null;
}

/**
 * /admin: download your own blog as one archive, or bring an archive into an empty blog. Both take
 * only the signed-in author's blog (docs/decisions/0025-archive-trust.md); the sentences say so.
 */
export default function ArchivePanel() {
  const queryClient = useQueryClient();
  const fileId = useId();
  const [exportRun, setExportRun] = useState<Run>({ state: "idle" });
  const [importRun, setImportRun] = useState<Run>({ state: "idle" });
  const [file, setFile] = useState<File | null>(null);

  const handleExport = async () => {
    setExportRun({ state: "busy", fraction: 0 });
    try {
      const { name } = await downloadArchive((fraction) => setExportRun({ state: "busy", fraction }));
      setExportRun({ state: "done", text: `Downloaded ${name}.` });
    } catch (error) {
      setExportRun({ state: "error", text: error instanceof Error ? error.message : "The export failed." });
    }
  };

  const handleImport = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setImportRun({ state: "error", text: "Choose an archive to import." });
      return;
    }
    setImportRun({ state: "busy", fraction: 0 });
    try {
      const report = await uploadArchive(file, (fraction) => setImportRun({ state: "busy", fraction }));
      setImportRun({ state: "done", text: describe(report) });
      await queryClient.invalidateQueries();
    } catch (error) {
      setImportRun({ state: "error", text: error instanceof Error ? error.message : "The import failed." });
    }
  };

  return (
    <section className="archive" aria-labelledby="archive-heading">
      <h2 id="archive-heading">Your blog's archive</h2>
      <div className="archive-part">
        <p>
          Download your own blog as one file: your posts with drafts, scheduled posts and revisions, the
          comments and likes on them, your profile, your followers and their images. The other author's blog
          is not in it; the whole site is exported on the server with npm run export.
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void handleExport()}
          disabled={exportRun.state === "busy"}
        >
          {exportRun.state === "busy" ? "Exporting..." : "Export"}
        </button>
        <Progress run={exportRun} label="Export progress" />
      </div>
      <form className="archive-part" onSubmit={(e) => void handleImport(e)}>
        <p>
          Bring your own blog from an archive into this one, while it has no posts yet. Only your posts,
          profile and followers are taken; accounts arrive without passwords, followers unconfirmed. Up to 512
          MB; larger archives with npm run import on the server.
        </p>
        <label htmlFor={fileId}>Archive file (.tar.gz)</label>
        <input
          id={fileId}
          type="file"
          accept=".tar.gz,.tgz,application/gzip"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <button type="submit" className="button" disabled={importRun.state === "busy"}>
          {importRun.state === "busy" ? "Importing..." : "Import"}
        </button>
        <Progress run={importRun} label="Import progress" />
      </form>
    </section>
  );
}
