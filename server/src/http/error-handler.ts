import {
  ErrorCode,
  httpStatusOf,
  isMessageKey,
  parseLanguage,
  type TErrorCode,
  type TLanguage,
  translate,
} from '@parley/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { AppError } from './app-error.js';
import { setSecurityHeaders } from './security-headers.js';

function send(reply: FastifyReply, code: TErrorCode, msg: string, data: unknown, status?: number) {
  return reply
    .code(status ?? httpStatusOf[code])
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, msg, data }));
}

/** Zod messages are our message keys; anything else (a zod default) becomes "Invalid value". */
export function fieldMessage(message: string, lang: TLanguage): string {
  return isMessageKey(message) ? translate(message, lang) : translate('field_invalid', lang);
}

/** Fastify's own client errors (bad JSON, oversize, wrong content type) and their message keys. */
const clientErrors: Record<string, { key: Parameters<typeof translate>[0]; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { key: 'invalid_json', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { key: 'invalid_json', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { key: 'request_too_large', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { key: 'unsupported_media', status: 400 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { key: 'invalid_request', status: 400 },
  FST_ERR_CTP_INVALID_TYPE: { key: 'unsupported_media', status: 400 },
};

/**
 * Maps every error to the contract's envelope. Nothing a client can send ends as a 500:
 * only a real fault does, with a request id for the log and no stack for the client.
 */
export function registerErrorHandler(app: FastifyInstance, log: Logger): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'en';
    if (error instanceof AppError) {
      const text = (key: string) => translate(key, lang, error.params);
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, text(v)]))
        : undefined;
      return send(reply, error.code, text(error.messageKey), fields ? { fields } : null, error.httpStatus);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[name] ??= fieldMessage(issue.message ?? '', lang);
      }
      const first = Object.values(fields)[0] ?? translate('invalid_request', lang);
      return send(reply, ErrorCode.invalid, first, { fields });
    }
    const known = clientErrors[String(error.code)];
    if (known) {
      return send(reply, ErrorCode.invalid, translate(known.key, lang), null, known.status);
    }
    if (error.statusCode === 429) {
      return send(reply, ErrorCode.invalid, translate('rate_limited', lang), null, 429);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, ErrorCode.invalid, translate('invalid_request', lang), null, 400);
    }
    log.error({ err: error, reqId: request.id, method: request.method, url: request.url }, 'unexpected error');
    return send(reply, ErrorCode.internal, translate('internal', lang), { request_id: request.id });
  });
}

/**
 * Errors Fastify meets before any route or hook runs (`frameworkErrors`): a URL that does not
 * decode (`FST_ERR_BAD_URL`) and a path parameter over the router's length (`FST_ERR_MAX_PARAM_LENGTH`).
 * They get the envelope and the security headers like any other answer.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(request, reply);
  const lang = parseLanguage(request.headers.language);
  // 400 for both: the contract's FFFF row allows 400, 413 and 429 only.
  return send(reply, ErrorCode.invalid, translate('url_invalid', lang), null, 400);
}
