import { archiveImport, urlOf } from "../../../../common/api";
import type { ApiErrorBody } from "../../../../common/types";
import { ApiError } from "../../../lib/api";

export interface ImportReport {
  tables: Record<string, { rows: number; added: number }>;
  images: { count: number; added: number };
  sanitised: number;
}

/**
 * POST /api/admin/import with the archive as multipart/form-data. XMLHttpRequest, because fetch
 * cannot report upload progress; `onProgress` gets the uploaded fraction 0..1.
 */
export function uploadArchive(file: File, onProgress: (fraction: number) => void): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(archiveImport.method, urlOf(archiveImport));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200) resolve(body as ImportReport);
      else {
        const error = (body as ApiErrorBody | null)?.error;
        reject(new ApiError(xhr.status, error?.code ?? "HTTP_ERROR", error?.message ?? "The import failed."));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "The upload was interrupted. Please try again."));
    const form = new FormData();
    form.append("archive", file);
    xhr.send(form);
  });
}
