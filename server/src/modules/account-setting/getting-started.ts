import type { TGettingStartedResponse } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { readEmailSettings } from '../setting/setting.service.js';
import { defaultDetails, readDetails } from './account-setting.repo.js';

/** Counts stop here: the checklist needs "some", never an exact count of a million rows. */
const countCap = 1000;

/**
 * The first-day checklist, read from what the help desk holds now: nothing is ticked by hand,
 * so a step comes undone again when its state does (the last agent deleted, email unset).
 */
export async function gettingStarted(db: DbOrTx): Promise<TGettingStartedResponse> {
  const [named, email, counts] = await Promise.all([
    readDetails(db),
    readEmailSettings(db),
    queryRows<{ agents: number; chats: number; solved: number; mails: number }>(
      db,
      sql`SELECT
            (SELECT count(*) FROM (SELECT 1 FROM account WHERE user_type IN ('agent', 'admin') LIMIT ${countCap}) a)::int AS agents,
            (SELECT count(*) FROM (SELECT 1 FROM chat_session LIMIT ${countCap}) c)::int AS chats,
            (SELECT count(*) FROM (SELECT 1 FROM ticket WHERE deleted_ts IS NULL AND ticket_state IN ('solved', 'closed') LIMIT ${countCap}) t)::int AS solved,
            (SELECT count(*) FROM (SELECT 1 FROM mail_message WHERE direction = 'in' LIMIT ${countCap}) m)::int AS mails`,
    ),
  ]);
  const c = counts[0] ?? { agents: 0, chats: 0, solved: 0, mails: 0 };
  // Saved settings are not a working mailbox (a wrong host saves as well): the step is done once
  // a mail came in through it; saved until then, it says so.
  const emailSaved = Boolean(email.smtp_host && email.imap_host && email.account && email.password);
  const emailConnected = emailSaved && c.mails > 0;
  // Saving Details without changing the product's own name is not naming the help desk.
  const isNamed = named.helpdesk_name !== defaultDetails.helpdesk_name;
  return {
    list: [
      { step: 'helpdesk_named', done: isNamed, count: isNamed ? 1 : 0 },
      { step: 'email_connected', done: emailConnected, count: c.mails, begun: emailSaved && !emailConnected },
      // The first admin is there from the start: an invited colleague makes two.
      { step: 'agent_invited', done: c.agents > 1, count: Math.max(0, c.agents - 1) },
      { step: 'widget_installed', done: c.chats > 0, count: c.chats },
      { step: 'ticket_solved', done: c.solved > 0, count: c.solved },
    ],
  };
}
