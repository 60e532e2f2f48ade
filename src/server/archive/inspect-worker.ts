// The child process of inspect-child.ts: inspects one archive (inspect-archive.ts) and sends the
// result, or the refusal, to its parent over IPC. A hostile archive can only
// exhaust this process, whose memory is bounded, never the server's.
import { ArchiveError, TOO_MUCH_MEMORY } from "./format";
import { type InspectOptions, inspectArchive } from "./inspect-archive";

/** Resident memory this process may reach (V8's heap is bounded by --max-old-space-size too). */
const RSS_LIMIT = Number(process.env.DUET_INSPECT_RSS_LIMIT) || 1024 * 1024 * 1024;

type Reply = { ok: true; result: unknown } | { ok: false; archive: boolean; message: string };
const reply = (message: Reply) => process.send?.(message, () => process.exit(0));

// The server went away: nothing to report to.
process.on("disconnect", () => process.exit(1));
setInterval(() => {
  if (process.memoryUsage.rss() > RSS_LIMIT) reply({ ok: false, archive: true, message: TOO_MUCH_MEMORY });
}, 100).unref();

process.once("message", (options: InspectOptions) => {
  inspectArchive(options, () => {}).then(
    (result) => reply({ ok: true, result }),
    (error: unknown) =>
      reply({
        ok: false,
        archive: error instanceof ArchiveError,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
