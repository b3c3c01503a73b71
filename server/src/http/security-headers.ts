import type { FastifyReply, FastifyRequest } from 'fastify';

/** The SPA's scripts come from our origin only; Ant Design injects style tags, so styles may be inline. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const everyResponse = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': contentSecurityPolicy,
};
/**
 * API answers are data, never a page: nothing may load from them or frame them, and they are not
 * cached. Fewer, shorter headers than a page needs (OWASP's REST guidance).
 */
const apiResponse = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Called as each request arrives (see the auth hook), so error and not-found answers carry them too. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(request.url.startsWith('/api/') ? apiResponse : everyResponse);
}
