import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { readDetails } from '../account-setting/account-setting.repo.js';
import { hashToken, newToken } from '../auth/token.js';
import { claimLinkToken } from '../password-link/password-link.repo.js';
import type { BuiltMail } from './mail.build.js';
import type { MailConfig } from './mail.config.js';
import { sendQueue } from './mail.facts.js';
import { readTemplate, render, type TemplateLanguage } from './mail.templates.js';
import { mailText } from './mail.text.js';

/**
 * Mails about an account rather than a ticket: the invitation of a new admin or agent and a link
 * to set a new password (docs/decisions/0018-invitations.md). They go through the send queue like
 * the ticket mails; the job names the link, not its token: the token is made when the mail is
 * built, so it is never stored (a failed job's data is shown in Settings › Emails).
 */
export interface AccountMail {
  kind: 'account_invite' | 'password_reset';
  linkId: number;
  /** Who sent it (the invitation names them); '' for a reset the person asked for. */
  actorName: string;
  messageId: string;
}

export const isAccountMail = (mail: { kind: string }): mail is AccountMail =>
  mail.kind === 'account_invite' || mail.kind === 'password_reset';

/** Queues the mail of a link in the writer's transaction (it goes if the link is committed). */
export async function queueAccountMail(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  mail: Omit<AccountMail, 'messageId'>,
): Promise<void> {
  const messageId = `<parley.account.${mail.linkId}.${Date.now().toString(36)}.${randomBytes(6).toString('hex')}@${config.domain}>`;
  await ctx.jobs.send(sendQueue, { ...mail, messageId } satisfies AccountMail, { tx, key: `link:${mail.linkId}` });
}

/**
 * How long the link works, in the mail's language, from its own lifetime: an invitation and a
 * link an admin sends last 7 days, a "Forgot password?" link 1 hour (password-link.repo.ts).
 */
export function validFor(lang: TemplateLanguage, ms: number): string {
  const days = Math.round(ms / 86_400_000);
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  if (lang === 'zh-cn') {
    return hours >= 24 ? `${days} 天` : `${hours} 小时`;
  }
  return hours >= 24 ? `${days} day${days === 1 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Builds the mail of a link that still works: makes its token now (only the hash is written; a
 * retry makes a new one, so only the last mail's link works), in the account's language, to
 * its address as it is now. Null when the link was used, replaced or expired meanwhile, or the
 * account may no longer sign in.
 */
export async function buildAccountMail(
  ctx: AppContext,
  config: MailConfig,
  mail: AccountMail,
): Promise<BuiltMail | null> {
  const token = newToken();
  const row = await claimLinkToken(ctx.db, mail.linkId, hashToken(token));
  if (!row) {
    return null;
  }
  const lang: TemplateLanguage = row.defaultLanguage === 'zh-cn' ? 'zh-cn' : 'en';
  const publicUrl = ctx.publicUrl.replace(/\/$/, '');
  const details = await readDetails(ctx.db);
  const values: Record<string, string> = {
    account_name: row.realName,
    agent_name: mail.actorName,
    password_url: `${publicUrl}/wswt/password?token=${token}`,
    link_valid: validFor(lang, row.validMs),
    helpdesk_name: details.helpdesk_name,
    site_url: details.site_url,
  };
  const template = await readTemplate(ctx.db, mail.kind, lang);
  const html = render(template.body, values, true);
  return {
    from: config.from,
    to: [row.email.toLowerCase()],
    cc: [],
    replyTo: config.address,
    subject: render(template.subject, values, false).replace(/[\r\n]+/g, ' '),
    html,
    text: mailText(html),
    messageId: mail.messageId,
    // Machine-made: auto-responders must not answer it.
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: [],
  };
}
