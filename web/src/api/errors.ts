import type { TErrorCode, TValidationData } from '@parley/contracts';

/** Failures that never reached the envelope: no answer, or no answer in time. */
export type TClientErrorCode = 'network' | 'timeout';

/** Every rejected API call rejects with this, so callers can react to the code. */
export class ApiError extends Error {
  readonly code: TErrorCode | TClientErrorCode;
  readonly data: unknown;

  constructor(code: TErrorCode | TClientErrorCode, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }

  /** Field name to message of a validation failure (`FFFF` with `data.fields`), else empty. */
  get fields(): Record<string, string> {
    return fieldErrorsOf(this.data);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function fieldErrorsOf(data: unknown): Record<string, string> {
  if (data === null || typeof data !== 'object' || !('fields' in data)) {
    return {};
  }
  const fields = (data as Partial<TValidationData>).fields;
  if (fields === null || typeof fields !== 'object') {
    return {};
  }
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (typeof text === 'string') {
      out[name] = text;
    }
  }
  return out;
}
