/** Errors with stable codes; the one error handler in app.ts turns them into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "BAD_REQUEST") => new AppError(400, code, message);
export const unauthorized = (message = "Please log in first.") => new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "You are not allowed to do that.", code = "FORBIDDEN") =>
  new AppError(403, code, message);
export const notFound = (what: string, message?: string) =>
  new AppError(404, "NOT_FOUND", message ?? `${what[0]!.toUpperCase()}${what.slice(1)} not found`);
export const conflict = (message: string) => new AppError(409, "CONFLICT", message);
export const payloadTooLarge = (message = "That file is too large.") =>
  new AppError(413, "PAYLOAD_TOO_LARGE", message);
export const unsupportedMedia = (message = "That file is not a supported image.") =>
  new AppError(415, "UNSUPPORTED_MEDIA_TYPE", message);
export const tooManyRequests = (message = "Too many requests. Please try again later.") =>
  new AppError(429, "TOO_MANY_REQUESTS", message);
export const storageUnavailable = (message = "The images could not be stored right now. Please try again.") =>
  new AppError(503, "STORAGE_UNAVAILABLE", message);
