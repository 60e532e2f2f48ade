import { archiveExport, urlOf } from "../../../../common/api";
import type { ApiErrorBody } from "../../../../common/types";
import { ApiError } from "../../../lib/api";

/** Header with the server's estimate of the download's size (the gzip size is not known ahead). */
const ESTIMATE_HEADER = "x-archive-estimated-bytes";

/**
 * GET /api/admin/export, read as a stream so a progress bar can follow it, then handed to the
 * browser as a file download. `onProgress` gets a fraction 0..1 (the estimate may be a little off,
 * so it stays below 1 until the last byte).
 */
export async function downloadArchive(onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const res = await fetch(urlOf(archiveExport), { credentials: "same-origin", signal });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      res.status,
      body?.error.code ?? "HTTP_ERROR",
      body?.error.message ?? "The export failed.",
    );
  }
  const estimate = Number(res.headers.get(ESTIMATE_HEADER)) || 0;
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "duet-export.tar.gz";
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (estimate > 0) onProgress(Math.min(0.99, received / estimate));
  }
  onProgress(1);
  const url = URL.createObjectURL(new Blob(chunks, { type: "application/gzip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { name, bytes: received };
}
