import type { TChatState, TLoginResponse } from '@parley/contracts';
import { passwordProblem } from '@parley/contracts';
import { and, eq, getTableColumns, gte } from 'drizzle-orm';
import type { ActorContext, AppContext } from '../../context.js';
import { account, accountVisit } from '../../db/schema/index.js';
import { emit, transact } from '../../events/transact.js';
import { AppError, invalid } from '../../http/app-error.js';
import { isStaff } from '../account/account.policy.js';
import { timezoneInForce } from '../account-setting/account-setting.repo.js';
import { setAccountPassword } from './account-password.js';
import type { Actor } from './actor.js';
import { hashPassword, verifyPassword } from './password.js';
import { deleteSessionById, insertSession } from './session.repo.js';
import { hashToken, newToken, sessionIdleMs, stayLoginMs } from './token.js';

interface LoginInput extends AppContext {
  email: string;
  password: string;
  stayLogin: boolean;
  ip: string;
  userAgent: string;
}

/**
 * Signs in. An unknown email and a wrong password cost the same time and get the same answer;
 * only with the right password does a suspended account learn that it is suspended. The back
 * office is for staff: an end user (who may have a password) gets the wrong-password answer, so
 * the sign-in form tells nobody that the email belongs to a customer.
 */
export async function login({
  db,
  limits,
  email,
  password,
  stayLogin,
  ip,
  userAgent,
}: LoginInput): Promise<TLoginResponse> {
  const now = Date.now();
  await limits.signInAttempt(email, ip, () => signedInFrom(db, email, ip, now));
  const rows = await db
    .select({ ...getTableColumns(account), timezoneInForce })
    .from(account)
    .where(eq(account.email, email))
    .limit(1);
  const found = rows[0];
  const ok = await verifyPassword(password, found?.passwordHash ?? null);
  if (!found || !ok || !isStaff(found.userType)) {
    throw invalid('login_failed');
  }
  if (found.accessState !== 'allowed') {
    throw invalid('user_suspended');
  }
  const token = newToken();
  await db.transaction(async (tx) => {
    await insertSession(tx, {
      accountId: found.accountId,
      tokenHash: hashToken(token),
      stayLogin,
      now,
      expiresTs: now + (stayLogin ? stayLoginMs : sessionIdleMs),
    });
    await tx.insert(accountVisit).values({ accountId: found.accountId, ip, userAgent, createTs: now });
  });
  await limits.signedIn(email, ip);
  return { token, real_name: found.realName, timezone: found.timezoneInForce };
}

/** Has the account of this email signed in from this address in the last 90 days? */
async function signedInFrom(db: AppContext['db'], email: string, ip: string, now: number): Promise<boolean> {
  const rows = await db
    .select({ id: accountVisit.visitId })
    .from(accountVisit)
    .innerJoin(account, eq(account.accountId, accountVisit.accountId))
    .where(and(eq(account.email, email), eq(accountVisit.ip, ip), gte(accountVisit.createTs, now - 90 * 86_400_000)))
    .limit(1);
  return rows.length > 0;
}

/** Ends this session; its sockets are cut (the account's other sessions stay). */
export async function logout(ctx: ActorContext): Promise<void> {
  const { authCache, actor } = ctx;
  await transact(ctx, async (tx) => {
    await deleteSessionById(tx, actor.sessionId);
    await authCache.changed(tx, actor.account.accountId);
    emit(tx, { type: 'account.sessions_ended', accountId: actor.account.accountId });
  });
}

/** Changing the password ends every session of the account, this one included. */
export async function passwordEdit(
  ctx: AppContext & { actor: Actor; oldPass: string; newPass: string },
): Promise<void> {
  const { db, authCache, limits, actor, oldPass, newPass } = ctx;
  await limits.currentPasswordAttempt(actor.account.accountId);
  const rows = await db
    .select({ hash: account.passwordHash })
    .from(account)
    .where(eq(account.accountId, actor.account.accountId));
  if (!(await verifyPassword(oldPass, rows[0]?.hash ?? null))) {
    throw new AppError('FFFF', 'old_password_wrong', { old_pass: 'old_password_wrong' });
  }
  await limits.currentPasswordRight(actor.account.accountId);
  // The spec's message on the wire, whichever rule it breaks (the form named the rule already).
  if (passwordProblem(newPass, actor.account.email)) {
    throw new AppError('FFFF', 'password_not_allowed', { new_pass: 'password_not_allowed' });
  }
  const hash = await hashPassword(newPass);
  await transact(ctx, (tx) => setAccountPassword(tx, authCache, actor.account.accountId, hash));
}

export async function chatStateEdit(ctx: AppContext & { actor: Actor; chatState: TChatState }) {
  const { actor, chatState } = ctx;
  // Online, away or invisible is a promise to take chats: only for an account that takes them.
  if (chatState !== 'offline' && !actor.account.toolAccess.includes('chat')) {
    throw invalid('chat_tool_access', 'chat_state');
  }
  const accountId = actor.account.accountId;
  await transact(ctx, async (tx) => {
    const [was] = await tx
      .select({ chatState: account.chatState })
      .from(account)
      .where(eq(account.accountId, accountId))
      .for('update');
    await tx.update(account).set({ chatState, updateTs: Date.now() }).where(eq(account.accountId, accountId));
    // The cached account carries the chat state that my.info answers.
    await ctx.authCache.changed(tx, accountId);
    if (was && was.chatState !== chatState) {
      emit(tx, {
        type: 'account.chat_state',
        accountId,
        chatState,
        previous: was.chatState as TChatState,
        agentName: actor.account.aliasName || actor.account.realName,
      });
    }
  });
}
