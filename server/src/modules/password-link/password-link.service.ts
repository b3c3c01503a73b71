import { passwordProblem, type TPasswordLinkGetResponse } from '@parley/contracts';
import type { ActorContext, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { transact } from '../../events/transact.js';
import { forbidden, invalid, notFound } from '../../http/app-error.js';
import { isStaff, mayManage } from '../account/account.policy.js';
import { setAccountPassword } from '../auth/account-password.js';
import { hashPassword } from '../auth/password.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import { queueAccountMail } from '../mail/mail.account.js';
import type { MailConfig } from '../mail/mail.config.js';
import { grantGuard, takeoverBeyondOwn } from '../privilege/privilege.js';
import {
  findLink,
  hasSignedIn,
  insertLink,
  inviteValidMs,
  type LinkPurpose,
  lockLinkAccount,
  useLink,
} from './password-link.repo.js';

/** The email channel's settings as they are now (null: not set up); the mail channel answers it. */
export type MailConfigOf = (db: DbOrTx) => Promise<MailConfig | null>;

const kindOf = (purpose: LinkPurpose): 'account_invite' | 'password_reset' =>
  purpose === 'invite' ? 'account_invite' : 'password_reset';

/**
 * Makes a link for the account and queues its mail, in the caller's transaction: both commit
 * with the write, or neither. The mail makes the token when it is sent (mail.account.ts).
 */
export async function issueLink(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  link: { accountId: number; purpose: LinkPurpose; validMs: number; actorName: string },
): Promise<void> {
  const linkId = await insertLink(tx, link.accountId, link.purpose, link.validMs);
  await queueAccountMail(ctx, tx, config, { kind: kindOf(link.purpose), linkId, actorName: link.actorName });
}

/** The email channel, or the refusal that an invitation needs it. */
export async function mailConfigForInvite(mailConfig: MailConfigOf, db: DbOrTx, field: string): Promise<MailConfig> {
  const config = await mailConfig(db);
  if (!config) {
    throw invalid('invite_needs_email', field);
  }
  return config;
}

/**
 * People › an account › "Send a link to set a password": the invitation again for an admin or
 * agent who never signed in, else a link to set a new one (7 days either way). Whoever may edit
 * the account may send it, never to an account that can do more than they can.
 */
export async function inviteSend(ctx: ActorContext, mailConfig: MailConfigOf, accountId: number) {
  const { db, actor } = ctx;
  const target = await findAccountWithLinks(db, accountId);
  if (!target) {
    throw notFound();
  }
  if (!mayManage(actor.account, target)) {
    throw forbidden();
  }
  if (!isStaff(target.userType)) {
    throw invalid('invite_staff_only', 'account_id');
  }
  if (target.accessState !== 'allowed') {
    throw invalid('invite_suspended', 'account_id');
  }
  const config = await mailConfigForInvite(mailConfig, db, 'account_id');
  const purpose: LinkPurpose = (await hasSignedIn(db, accountId)) ? 'reset' : 'invite';
  await db.transaction(async (tx) => {
    const guard = await grantGuard(tx, actor.account, [accountId]);
    guard.refuseStronger(accountId, takeoverBeyondOwn);
    await issueLink(ctx, tx, config, {
      accountId,
      purpose,
      validMs: inviteValidMs,
      actorName: actor.account.realName,
    });
  });
  return { kind: kindOf(purpose) };
}

/** A link that may still set a password, or the refusal saying why not and what to do. */
function usable(link: Awaited<ReturnType<typeof findLink>>, now: number) {
  if (!link || !isStaff(link.userType)) {
    throw invalid('password_link_invalid', 'token');
  }
  if (link.usedTs !== null) {
    throw invalid('password_link_used', 'token');
  }
  if (link.expiresTs <= now) {
    // A new-password link can be asked for again on the sign-in page; an invitation, of an admin.
    throw invalid(link.purpose === 'reset' ? 'password_link_expired_reset' : 'password_link_expired', 'token');
  }
  if (link.accessState !== 'allowed') {
    throw invalid('user_suspended', 'token');
  }
  return link;
}

/** The set-password page: whose password the link sets. */
export async function linkGet(db: DbOrTx, token: string): Promise<TPasswordLinkGetResponse> {
  const link = usable(await findLink(db, token), Date.now());
  return { email: link.email, real_name: link.realName, purpose: link.purpose === 'reset' ? 'reset' : 'invite' };
}

/**
 * Sets the password through a link, once: the link is used, the account's other links stop
 * working, and its sessions end (as a password change does).
 */
export async function linkSet(ctx: AppContext, token: string, password: string) {
  const { db, authCache } = ctx;
  // The token first: a made-up one costs a lookup, not a password hash (the call is public).
  const seen = usable(await findLink(db, token), Date.now());
  // The spec's message on the wire, whichever rule it breaks (the page named the rule already).
  if (passwordProblem(password, seen.email)) {
    throw invalid('password_not_allowed', 'password');
  }
  const hash = await hashPassword(password);
  return transact(ctx, async (tx) => {
    // The account's row first, as every writer of its links (lockLinkAccount); a link keeps its account.
    await lockLinkAccount(tx, seen.accountId);
    const link = usable(await findLink(tx, token, true), Date.now());
    if (passwordProblem(password, link.email)) {
      throw invalid('password_not_allowed', 'password');
    }
    await useLink(tx, link.linkId, link.accountId);
    await setAccountPassword(tx, authCache, link.accountId, hash);
    return { email: link.email };
  });
}
