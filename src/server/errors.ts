import { ERROR_CODES as C, type ErrorCode } from "../common/error-codes";

/** Errors with stable codes (common/error-codes.ts); the one error handler in app.ts turns them into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = C.badRequest) =>
  new AppError(400, code, message);
/** Input that breaks the contract (src/common/schemas). */
export const invalid = (message: string) => new AppError(400, C.validation, message);
export const unauthorized = (message = "Please log in first.") => new AppError(401, C.unauthorized, message);
export const forbidden = (message = "You are not allowed to do that.", code: ErrorCode = C.forbidden) =>
  new AppError(403, code, message);
export const notFound = (what: string, message?: string) =>
  new AppError(404, C.notFound, message ?? `${what[0]!.toUpperCase()}${what.slice(1)} not found`);
export const conflict = (message: string) => new AppError(409, C.conflict, message);
export const payloadTooLarge = (message = "That file is too large.") =>
  new AppError(413, C.payloadTooLarge, message);
export const unsupportedMedia = (message = "That file is not a supported image.") =>
  new AppError(415, C.unsupportedMedia, message);
export const tooManyRequests = (message = "Too many requests. Please try again later.") =>
  new AppError(429, C.tooManyRequests, message);
/** A statement ran past the database's statement timeout (db/client.ts) and was cancelled. */
export const databaseBusy = (message = "The blog is busy right now. Please try again in a moment.") =>
  new AppError(503, C.databaseBusy, message);
export const storageUnavailable = (message = "The images could not be stored right now. Please try again.") =>
  new AppError(503, C.storageUnavailable, message);
