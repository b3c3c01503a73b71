import { ErrorCode, type TErrorCode, type TMessageKey } from '@parley/contracts';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly messageKey: TMessageKey,
    /** Field name to message key, for validation failures. */
    readonly fields?: Record<string, TMessageKey>,
    /** Overrides the code's usual HTTP status (413 for uploads, 429 when throttled). */
    readonly httpStatus?: number,
    /** Values for `{name}` placeholders of the message texts (a domain, another record's name). */
    readonly params?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

export const unauthorized = (key: TMessageKey = 'unauthorized') => new AppError(ErrorCode.unauthorized, key);
export const forbidden = () => new AppError(ErrorCode.forbidden, 'forbidden');
export const notFound = () => new AppError(ErrorCode.notFound, 'not_found');
/** A business-rule failure (FFFF) with a message, optionally pinned to one field. */
export const invalid = (key: TMessageKey, field?: string) =>
  new AppError(ErrorCode.invalid, key, field ? { [field]: key } : undefined);
export const throttled = (key: TMessageKey) => new AppError(ErrorCode.invalid, key, undefined, 429);

/** Like `invalid`, with `{name}` placeholders filled in (e.g. the company that already holds a domain). */
export const invalidWith = (key: TMessageKey, field: string, params: Record<string, string>) =>
  new AppError(ErrorCode.invalid, key, { [field]: key }, undefined, params);
