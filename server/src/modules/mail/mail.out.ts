import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { type AccountMail, buildAccountMail, isAccountMail } from './mail.account.js';
import { noteNotMailed } from './mail.bounce.js';
import { buildMail } from './mail.build.js';
import { smtpTransport } from './mail.check.js';
import type { MailConfig } from './mail.config.js';
import {
  accountEmail,
  agentsToTellOfNew,
  assigneeAndFollowers,
  assigneesToTell,
  ccEmails,
  deliverable,
  isChat,
  isChatMessage,
  type OutgoingMail,
  queueMail,
  queueMails,
  sendQueue,
  sortAddresses,
  type TicketFacts,
  ticketFacts,
  ticketsFacts,
  toStaff,
} from './mail.facts.js';

/**
 * The mails of a public comment, never to its author. A chat's messages are answered in the chat
 * (and mailed as its transcript when it ends); any other comment on a chat ticket (an agent's
 * reply on the ticket page, the customer answering the transcript by mail) goes as on any ticket,
 * else it would reach nobody: the widget shows chat messages only. An agent's reply goes to the
 * requester and the CCs: the one place a reply is queued, whether it opened the ticket
 * (ticket.created) or answered it. So does a mail from one of the ticket's CCs (a colleague the
 * requester copied), as in Zendesk: the requester and the other CCs read it in their thread; a
 * stranger's mail that threaded in is kept for the agents only.
 * `mailedTo`: a comment made from a mail, whom that mail went to (they have it from its writer,
 * and get no second copy). The customer's answer (the requester's or a CC's) goes to the assignee
 * and the followers, one mail each in their own language.
 */
async function queueCommentMails(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  t: TicketFacts,
  author: { email: string; staff: boolean } | null,
  commentId: number,
  mailedTo: string[] | null,
): Promise<void> {
  if (isChat(t) && (await isChatMessage(tx, commentId))) {
    return;
  }
  const except = new Set(author ? [author.email] : []);
  const ccs = await ccEmails(tx, t.ticket_id);
  // A CC's mail is passed on; a stranger's (someone a ticket mail was forwarded to, threading in
  // by its Message-ID) is kept on the ticket for the agents, not mailed to the customers.
  const fromCc = mailedTo !== null && author !== null && ccs.some((a) => a.toLowerCase() === author.email);
  if (author?.staff || fromCc) {
    const had = new Set([...except, ...(mailedTo ?? []).map((a) => a.toLowerCase())]);
    const to = await sortAddresses(tx, config, [t.requester_email], had);
    const cc = await sortAddresses(tx, config, ccs, new Set([...had, ...to.to]));
    // The agent sees on the ticket whom the reply did not reach because their mail bounced.
    const bounced = [...new Set([...to.bounced, ...cc.bounced])];
    await noteNotMailed(tx, t.ticket_id, { to: bounced, reason: 'bounced', comment_id: commentId });
    // Without the requester (they wrote to them, or the address bounced), the CCs are whom it is to.
    const [toList, ccList] = to.to.length > 0 ? [to.to, cc.to] : [cc.to, []];
    await queueMail(
      ctx,
      tx,
      config,
      { kind: 'public_reply', ticketId: t.ticket_id, commentId, to: toList, cc: ccList },
      `reply:${commentId}`,
    );
  }
  if (author?.staff) {
    return;
  }
  for (const agent of await deliverable(tx, config, await assigneeAndFollowers(tx, t), except)) {
    await queueMail(
      ctx,
      tx,
      config,
      { kind: 'ticket_replied', ticketId: t.ticket_id, commentId, to: [agent], cc: [] },
      `replied:${commentId}:${agent}`,
    );
  }
}

/**
 * Subscribes the notifications to the ticket events, inside the writer's transaction (the
 * outbox: see docs/decisions/0004-job-queue.md), and defines the queue that sends them.
 */
export function registerMailOut(
  ctx: AppContext,
  transports: TransportCache,
  currentConfig: (db: DbOrTx) => Promise<MailConfig | null>,
): void {
  ctx.jobs.define<OutgoingMail | AccountMail>(sendQueue, {
    attempts: 6,
    retryDelay: 30,
    batchSize: 20,
    handler: async (mail, job) => {
      // The customer hears the reply before the notices the same change made ("Submit as
      // Solved"): while the reply waits for another try (the SMTP server refused it for now),
      // the notice waits too, in any process.
      if (!isAccountMail(mail) && mail.kind !== 'public_reply' && !toStaff(mail.kind)) {
        const reply = { ticketId: mail.ticketId, kind: 'public_reply' };
        if (await ctx.jobs.waitingBefore(sendQueue, job.id, reply)) {
          throw new Error(`waiting for the reply on ticket ${mail.ticketId} to be sent first`);
        }
      }
      await sendMail(ctx, transports, mail, currentConfig);
    },
  });

  ctx.events.beforeCommit('ticket.created', async (event, tx) => {
    const config = await currentConfig(tx);
    const t = config && (await ticketFacts(tx, event.ticketId));
    if (!config || !t) {
      return;
    }
    // A follow-up of a closed ticket came by mail too: its customer hears it was received.
    if (event.source === 'email' || event.source === 'form' || event.source === 'close_ticket') {
      const to = await deliverable(tx, config, [t.requester_email], new Set());
      // Mail-loop protection: an address that had its hour's "received" mails gets no more (an
      // autoresponder answering each would get one per ticket it opens); its tickets are still made.
      if (to[0] && event.source !== 'form' && !(await ctx.limits.mailReceivedAllowed(to[0], tx))) {
        ctx.log.info({ to: to[0], ticketId: t.ticket_id }, '"received" mail not sent: the address had its hour\'s');
        await noteNotMailed(tx, t.ticket_id, { to: [...to], reason: 'received_limit', comment_id: null });
        to.length = 0;
      }
      await queueMail(
        ctx,
        tx,
        config,
        { kind: 'ticket_received', ticketId: t.ticket_id, commentId: event.commentId, to, cc: [] },
        `received:${t.ticket_id}`,
      );
      // The agents who may see it and chose to hear of it, each in their own language (one mail each).
      for (const agent of await deliverable(tx, config, await agentsToTellOfNew(tx, t), new Set([t.requester_email]))) {
        await queueMail(
          ctx,
          tx,
          config,
          { kind: 'ticket_new', ticketId: t.ticket_id, commentId: event.commentId, to: [agent], cc: [] },
          `new:${t.ticket_id}:${agent}`,
        );
      }
      return;
    }
    // An agent opened the ticket for the requester with a public first comment: it is their reply.
    if (event.commentId !== null) {
      const [c] = await queryRows<{ is_public: boolean }>(
        tx,
        sql`SELECT is_public FROM ticket_comment WHERE comment_id = ${event.commentId}`,
      );
      if (c?.is_public) {
        await queueCommentMails(ctx, tx, config, t, await accountEmail(tx, event.actorId), event.commentId, null);
      }
    }
  });

  ctx.events.beforeCommit('ticket.commented', async (event, tx) => {
    // Internal notes never leave.
    if (!event.isPublic) {
      return;
    }
    const config = await currentConfig(tx);
    const t = config && (await ticketFacts(tx, event.ticketId));
    if (config && t) {
      const author = await accountEmail(tx, event.actorId);
      await queueCommentMails(ctx, tx, config, t, author, event.commentId, event.mailedTo ?? null);
    }
  });

  ctx.events.beforeCommit('ticket.changed', async (event, tx) => {
    const change = stateOrAssignee(event);
    const config = change && (await currentConfig(tx));
    const t = config && (await ticketFacts(tx, event.ticketId));
    if (change && config && t) {
      await queueChangeMails(ctx, tx, config, [{ t, change }]);
    }
  });
  // An automation's batch (tickets alike in what changed): the same mails, read, checked and
  // queued together (a few statements for the batch, not a few per mail).
  ctx.events.beforeCommit('tickets.changed', async (event, tx) => {
    const kinds = event.kinds.flatMap((k) => {
      const change = stateOrAssignee({ fields: k.fields, actorId: event.actorId });
      return change ? [{ change, ticketIds: k.ticketIds }] : [];
    });
    const config = kinds.length > 0 && (await currentConfig(tx));
    if (!config) {
      return;
    }
    const facts = new Map(
      (
        await ticketsFacts(
          tx,
          kinds.flatMap((k) => k.ticketIds),
        )
      ).map((t) => [Number(t.ticket_id), t] as const),
    );
    await queueChangeMails(
      ctx,
      tx,
      config,
      kinds.flatMap(({ change, ticketIds }) =>
        ticketIds.flatMap((id) => {
          const t = facts.get(id);
          return t ? [{ t, change }] : [];
        }),
      ),
    );
  });
}

interface StateOrAssignee {
  solved: boolean;
  assigned: boolean;
  actorId: number | null;
}

/** Whether a change may mail someone: its state changed (solved?) or its assignee did. */
function stateOrAssignee(event: { fields: string[]; actorId: number | null }): StateOrAssignee | null {
  const solved = event.fields.includes('ticket_state') && !event.fields.includes('created');
  const assigned = event.fields.includes('assignee_id');
  return solved || assigned ? { solved, assigned, actorId: event.actorId } : null;
}

/**
 * The requester hears that the ticket is solved, a new assignee (not the one who assigned, nor
 * one who chose not to be told: `notify_assigned`) that it is theirs: per ticket in order, the solve's mail then the assignment's. The addresses are
 * read and checked for all the tickets at once, the mails queued together.
 */
async function queueChangeMails(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  changes: Array<{ t: TicketFacts; change: StateOrAssignee }>,
) {
  const live = changes.filter(({ t }) => t.deleted_ts === null && !isChat(t));
  const assignees = await assigneesToTell(tx, [
    ...new Set(
      live.flatMap(({ t, change }) =>
        change.assigned && t.assignee_id !== null && t.assignee_id !== change.actorId ? [t.assignee_id] : [],
      ),
    ),
  ]);
  const stamp = Date.now();
  const mails: Array<{ mail: Omit<OutgoingMail, 'messageId'>; key: string; address: string }> = [];
  for (const { t, change } of live) {
    if (change.solved && t.ticket_state === 'solved') {
      mails.push({
        mail: { kind: 'ticket_solved', ticketId: t.ticket_id, commentId: null, to: [], cc: [] },
        key: `solved:${t.ticket_id}:${stamp}`,
        address: t.requester_email,
      });
    }
    const agent = change.assigned && t.assignee_id !== null ? assignees.get(t.assignee_id) : undefined;
    if (agent && t.assignee_id !== change.actorId) {
      mails.push({
        mail: { kind: 'ticket_assigned', ticketId: t.ticket_id, commentId: null, to: [], cc: [] },
        key: `assigned:${t.ticket_id}:${t.assignee_id}:${stamp}`,
        address: agent,
      });
    }
  }
  const ok = new Set(
    await deliverable(
      tx,
      config,
      mails.map((m) => m.address),
      new Set(),
    ),
  );
  const out = mails.map(({ mail, key, address }) => {
    const to = address.trim().toLowerCase();
    return { mail: { ...mail, to: ok.has(to) ? [to] : [] }, key };
  });
  await queueMails(ctx, tx, config, out);
}

/** One pooled SMTP transport per settings: many mails over a few connections. */
export class TransportCache {
  private key = '';
  private transport: Transporter | null = null;

  get(config: MailConfig): Transporter {
    const key = JSON.stringify([config.smtp, config.user, config.pass]);
    if (this.transport && key === this.key) {
      return this.transport;
    }
    this.transport?.close();
    this.key = key;
    this.transport = smtpTransport(config, 20_000, true);
    return this.transport;
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}

async function sendMail(
  ctx: AppContext,
  transports: TransportCache,
  mail: OutgoingMail | AccountMail,
  currentConfig: (db: DbOrTx) => Promise<MailConfig | null>,
): Promise<void> {
  const config = await currentConfig(ctx.db);
  if (!config) {
    throw new Error('the email channel is not configured (Settings › Emails)');
  }
  if (isAccountMail(mail)) {
    const built = await buildAccountMail(ctx, config, mail);
    if (built && (await deliverable(ctx.db, config, built.to, new Set())).length > 0) {
      await transports.get(config).sendMail(built);
    }
    return;
  }
  // An address that bounced since the mail was queued is not mailed again; a reply says so on its ticket.
  const to = await sortAddresses(ctx.db, config, mail.to, new Set());
  const cc = await sortAddresses(ctx.db, config, mail.cc, new Set(to.to));
  if (mail.kind === 'public_reply') {
    const bounced = [...new Set([...to.bounced, ...cc.bounced])];
    await noteNotMailed(ctx.db, mail.ticketId, { to: bounced, reason: 'bounced', comment_id: mail.commentId });
  }
  if (to.to.length === 0 && cc.to.length === 0) {
    return;
  }
  const built = await buildMail(ctx, config, { ...mail, to: to.to, cc: cc.to });
  if (!built) {
    return;
  }
  await transports.get(config).sendMail(built);
}
