import type { TRuleAction } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.js';
import type { MailConfig } from '../mail/mail.config.js';
import { ccEmails, deliverable, queueMail, ticketFacts } from '../mail/mail.facts.js';
import { escapeHtml } from '../mail/mail.parse.js';
import type { ActionEnv } from './rule.env.js';

type Notify = Extract<TRuleAction, { action: 'notify' }>;

/** The mail settings in effect (the email channel's; null while none is set up). */
export type MailConfigOf = (db: ActionEnv['tx']) => Promise<MailConfig | null>;
let mailConfigOf: MailConfigOf = async () => null;
export function useMailConfig(fn: MailConfigOf) {
  mailConfigOf = fn;
}

async function recipients(env: ActionEnv, ticketId: number, a: Notify): Promise<{ to: string[]; staff: boolean }> {
  const { tx } = env;
  const t = await ticketFacts(tx, ticketId);
  if (!t) {
    return { to: [], staff: false };
  }
  switch (a.target) {
    case 'requester':
      return { to: [t.requester_email, ...(await ccEmails(tx, ticketId))], staff: false };
    case 'assignee': {
      const rows = await queryRows<{ email: string }>(
        tx,
        sql`SELECT email FROM account WHERE account_id = ${t.assignee_id} AND access_state = 'allowed'`,
      );
      return { to: rows.map((r) => r.email), staff: true };
    }
    case 'group': {
      const rows = await queryRows<{ email: string }>(
        tx,
        sql`SELECT a.email FROM account a JOIN group_account g ON g.account_id = a.account_id
          WHERE g.group_id = ${a.group_id ?? t.group_id} AND a.access_state = 'allowed'
            AND a.user_type IN ('admin', 'agent') ORDER BY a.account_id LIMIT 500`,
      );
      return { to: rows.map((r) => r.email), staff: true };
    }
    case 'address':
      return { to: a.address ? [a.address] : [], staff: false };
  }
}

/**
 * A rule's mail, through the email channel's queue (sent after commit, retried, threaded with the
 * ticket's other mails). The body is text; `{{ticket_id}}`, `{{subject}}`, `{{ticket_url}}` and the
 * other template placeholders are filled in. Answers the addresses it went to (none without mail set up).
 */
export async function queueRuleMail(env: ActionEnv, ticketId: number, a: Notify): Promise<string[]> {
  const config = await mailConfigOf(env.tx);
  if (!config) {
    return [];
  }
  const who = await recipients(env, ticketId, a);
  const to = await deliverable(env.tx, config, who.to, new Set());
  const body = `<p>${escapeHtml(a.body).replace(/\n/g, '<br>')}</p>`;
  for (const address of to) {
    await queueMail(
      env.ctx,
      env.tx,
      config,
      {
        kind: who.staff ? 'ticket_new' : 'ticket_received',
        ticketId,
        commentId: null,
        to: [address],
        cc: [],
        custom: { subject: a.subject, body },
      },
      `rule:${env.rule.kind}:${env.rule.id}:${ticketId}:${env.now}:${address}`,
    );
  }
  return to;
}
