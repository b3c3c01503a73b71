import type { FastifyInstance } from 'fastify';

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
const apiResponse = { ...everyResponse, 'cache-control': 'no-store' };

/** Set when the request arrives, so error and not-found answers carry them too. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiResponse : everyResponse);
    done();
  });
}
