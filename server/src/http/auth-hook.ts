import { parseLanguage } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { accountHasAnyNode } from '../modules/auth-node/permission.repo.js';
import { findSessionByTokenHash, deleteSessionById, touchSession } from '../modules/auth/session.repo.js';
import { hashToken, sessionIdleMs, tokenFromHeader, touchEveryMs } from '../modules/auth/token.js';
import type { Access } from './access.js';
import type { Actor } from './actor.js';
import { forbidden, unauthorized } from './app-error.js';

/**
 * The one place where calls are authenticated and authorised: every route's declared `access`
 * is enforced here before its body is even parsed.
 */
export function registerAuthHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = parseLanguage(request.headers.language);
    const required = request.routeOptions.config.access;
    if (!required || required.kind === 'public') {
      return;
    }
    request.actor = await authenticate(db, request);
    await authorise(db, request.actor, required);
  });
}

async function authenticate(db: Db, request: FastifyRequest): Promise<Actor> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) {
    throw unauthorized();
  }
  const found = await findSessionByTokenHash(db, hashToken(token));
  const now = Date.now();
  if (!found) {
    throw unauthorized('session_expired');
  }
  if (found.expiresTs <= now) {
    await deleteSessionById(db, found.sessionId);
    throw unauthorized('session_expired');
  }
  if (found.account.accessState !== 'allowed') {
    throw unauthorized('user_suspended');
  }
  if (now - found.lastUsedTs >= touchEveryMs) {
    // Idle sessions slide; "stay signed in" ones keep their fixed 30-day end.
    const expiresTs = found.stayLogin ? found.expiresTs : now + sessionIdleMs;
    await touchSession(db, found.sessionId, now, expiresTs);
  }
  return { account: found.account, sessionId: found.sessionId };
}

async function authorise(db: Db, actor: Actor, required: Access): Promise<void> {
  const userType = actor.account.userType;
  if (required.kind === 'session' || userType === 'admin') {
    return;
  }
  if (userType !== 'agent') {
    throw forbidden();
  }
  if (required.kind === 'staff') {
    return;
  }
  if (required.kind === 'node' && (await accountHasAnyNode(db, actor.account.accountId, required.nodes))) {
    return;
  }
  throw forbidden();
}
