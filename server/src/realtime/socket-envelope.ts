import { randomUUID } from 'node:crypto';
import { ErrorCode, type TLanguage, translate } from '@parley/contracts';
import type { z } from 'zod';
import { AppError } from '../http/app-error.js';
import { fieldMessage } from '../http/error-handler.js';

/** What every socket event answers through its ack: the HTTP envelope (api-contract.md). */
export interface Envelope {
  code: string;
  msg: string;
  data: unknown;
}

/** An event's failure; an unexpected one names the id its log line carries, as an HTTP 0500 does. */
export function errorEnvelope(error: unknown, lang: TLanguage, requestId?: string): Envelope {
  if (error instanceof AppError) {
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(v, lang)]))
      : null;
    return { code: error.code, msg: translate(error.messageKey, lang), data: fields ? { fields } : null };
  }
  return {
    code: ErrorCode.internal,
    msg: translate('internal', lang),
    data: { request_id: requestId ?? randomUUID() },
  };
}

/** As an HTTP call's validation failure: the first field's message, each field's in the language. */
export function invalidEnvelope(issues: z.core.$ZodIssue[], lang: TLanguage): Envelope {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    fields[issue.path.join('.') || '_'] ??= fieldMessage(issue.message, lang);
  }
  const msg = Object.values(fields)[0] ?? translate('invalid_request', lang);
  return { code: ErrorCode.invalid, msg, data: { fields } };
}
