import { z } from "zod";
import type { ErrorCode } from "../../error-codes";

/** The status each error code is answered with, for the OpenAPI document. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CROSS_SITE: 403,
  BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  STORAGE_UNAVAILABLE: 503,
};

/** `{ error: { code, message } }` schemas by status, for an endpoint's error codes. */
export function errorResponses(codes: readonly ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = STATUS[code] ?? 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      z
        .object({
          error: z.object({ code: z.enum(list as [ErrorCode, ...ErrorCode[]]), message: z.string() }),
        })
        .describe(list.join(", ")),
    ]),
  );
}
