import { parseLanguage } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Access } from '../../http/access.js';
import { forbidden, unauthorized } from '../../http/app-error.js';
import { setSecurityHeaders } from '../../http/security-headers.js';
import { isStaff } from '../account/account.policy.js';
import { accountNodes } from '../auth-node/permission.repo.js';
import type { Actor } from './actor.js';
import { pageSessionHash, pageSessionHeader } from './page-session.js';
import { deleteSessionById, findSessionByTokenHash, touchSession } from './session.repo.js';
import { hashToken, sessionIdleMs, tokenFromHeader, touchEveryMs } from './token.js';

/**
 * The one place where calls are authenticated and authorised: every route's declared `access`
 * is enforced here before its body is even parsed.
 */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return parseLanguage(this.headers.language);
    },
  });
  // Every answer, not-found and error ones included, carries the security headers.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
  // Each route's declared access becomes that route's own hook, fixed when the route is added: a
  // public call runs no check at all, and no call reads `request.routeOptions`, which Fastify
  // builds anew on every read.
  app.addHook('onRoute', (route) => {
    const required: Access | undefined = route.config?.access;
    if (!required || required.kind === 'public') {
      return;
    }
    const check: onRequestHookHandler = (request, _reply, done) => {
      authenticate(ctx, request)
        .then((actor) => {
          request.actor = actor;
          return authorise(ctx, actor, required);
        })
        .then(() => done(), done);
    };
    // Fastify copies a GET's options for its HEAD route before this hook runs, so each gets one.
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), check];
  });
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const token = tokenFromHeader(request.headers.authorization);
  if (token) {
    return authenticateToken(ctx, token);
  }
  // The drawn ticket list asking for its session (decision 0019; only this process can).
  const pageHash = pageSessionHash(request.headers[pageSessionHeader]);
  if (pageHash) {
    return authenticateTokenHash(ctx, pageHash);
  }
  throw unauthorized();
}

/** A session token to its signed-in account (the socket handshake uses it too); 0401 when it is no good. */
export function authenticateToken(ctx: AppContext, token: string): Promise<Actor> {
  return authenticateTokenHash(ctx, hashToken(token));
}

/**
 * `authenticateToken` by the token's hash: a socket keeps only the hash (its data crosses
 * processes through Redis) and checks it again on every event.
 */
export async function authenticateTokenHash({ db, authCache }: AppContext, tokenHash: string): Promise<Actor> {
  let found = authCache.getSession(tokenHash);
  if (!found) {
    found = (await findSessionByTokenHash(db, tokenHash)) ?? undefined;
    if (!found) {
      throw unauthorized('session_expired');
    }
    authCache.setSession(tokenHash, found);
  }
  const now = Date.now();
  if (found.expiresTs <= now) {
    await deleteSessionById(db, found.sessionId);
    await authCache.changed(db, found.account.accountId);
    throw unauthorized('session_expired');
  }
  if (found.account.accessState !== 'allowed') {
    throw unauthorized('user_suspended');
  }
  // Sessions are the back office's: an end user's (from before sign-in refused them, or one
  // demoted from staff since) is no session at all.
  if (!isStaff(found.account.userType)) {
    throw unauthorized('session_expired');
  }
  if (now - found.lastUsedTs >= touchEveryMs) {
    // Idle sessions slide; "stay signed in" ones keep their fixed 30-day end.
    const expiresTs = found.stayLogin ? found.expiresTs : now + sessionIdleMs;
    await touchSession(db, found.sessionId, now, expiresTs);
    found.lastUsedTs = now;
    found.expiresTs = expiresTs;
  }
  return { account: found.account, sessionId: found.sessionId };
}

/** The account's granted nodes as `type:value` keys, from the cache when it has them. */
export async function grantedNodeKeys(
  { db, authCache }: { db: DbOrTx; authCache: AppContext['authCache'] },
  accountId: number,
): Promise<Set<string>> {
  let keys = authCache.getNodes(accountId);
  if (!keys) {
    const nodes = await accountNodes(db, accountId, ['menu', 'btn']);
    keys = new Set(nodes.map((n) => `${n.node_type}:${n.node_value}`));
    authCache.setNodes(accountId, keys);
  }
  return keys;
}

async function authorise(ctx: AppContext, actor: Actor, required: Access): Promise<void> {
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
  if (required.kind === 'node') {
    const keys = await grantedNodeKeys(ctx, actor.account.accountId);
    if (required.nodes.some((n) => keys.has(`${n.node_type}:${n.node_value}`))) {
      return;
    }
  }
  throw forbidden();
}
