import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ticketEvent } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import type { Change, ChangePlan } from './ticket.change-plan.js';
import { membersOf, type TicketRow } from './ticket.repo.js';

/**
 * Two agents on one ticket (`ticket.edit`'s `base_update_ts`): what changed since the agent's form
 * was drawn, read from the ticket's event log, by field (event field names: `assignee_id`,
 * `ticket_state`, `tags`, a custom field's key...) with its value then.
 *
 * `renamedTags`: set when the form is of the ticket's current version, so that every `tags` event
 * since is a tag renamed, merged or deleted in Settings (the one change that gives tickets no new
 * version, so that lists keep their order). The form may have been drawn before or after it, so
 * the tags it sent are read through the same renames (a deleted tag maps to null).
 */
export type ChangedSince = Map<string, unknown> & { renamedTags?: Map<string, string | null> };

export async function changedSince(db: DbOrTx, row: TicketRow, baseTs: number): Promise<ChangedSince> {
  const since: ChangedSince = new Map();
  // Read even when the ticket's version is the agent's: a tag rename changes tickets without a
  // new version and logs it.
  const rows = await db
    .select({ field: ticketEvent.field, old: ticketEvent.oldValue, new: ticketEvent.newValue })
    .from(ticketEvent)
    .where(and(eq(ticketEvent.ticketId, row.ticketId), gt(ticketEvent.createTs, baseTs)))
    .orderBy(asc(ticketEvent.eventId));
  for (const { field, old } of rows) {
    // The first change since holds the value the agent's form showed.
    if (!since.has(field)) {
      since.set(field, old);
    }
  }
  if (baseTs >= row.updateTs && since.has('tags')) {
    since.renamedTags = tagRenames(rows.filter((r) => r.field === 'tags'));
  }
  return since;
}

/**
 * A rename or merge replaces tags by one (`into`): removed ones map to the one added; with none
 * added they were deleted, or merged into a tag the ticket had already, and map to null.
 * Renames in a row compose (a to b, then b to c: a to c).
 */
function tagRenames(events: { old: unknown; new: unknown }[]): Map<string, string | null> {
  const renames = new Map<string, string | null>();
  for (const e of events) {
    const before = (e.old as string[] | null) ?? [];
    const after = (e.new as string[] | null) ?? [];
    const added = after.filter((t) => !before.includes(t));
    const into = added.length === 1 ? (added[0] as string) : null;
    for (const gone of before.filter((t) => !after.includes(t))) {
      for (const [from, to] of renames) {
        if (to === gone) {
          renames.set(from, into);
        }
      }
      renames.set(gone, into);
    }
  }
  return renames;
}

/** Tags read through renames: each renamed one by its new name, once; deleted ones dropped. */
function throughRenames(tags: readonly string[], renames: Map<string, string | null>): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const name = renames.has(t) ? renames.get(t) : t;
    if (name && !out.includes(name)) {
      out.push(name);
    }
  }
  return out;
}

/** An empty input and a value never set are the same: the form sends '' or [] where the log holds null. */
const sameValue = (a: unknown, b: unknown) => {
  const plain = (v: unknown) => (v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? null : v);
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
};

/** A list edited as a whole, replayed as its additions and removals on the list as it is now. */
export function mergeList<T>(then: readonly T[], sent: readonly T[], now: readonly T[]): T[] {
  const removed = then.filter((v) => !sent.includes(v));
  const added = sent.filter((v) => !then.includes(v) && !now.includes(v));
  return [...now.filter((v) => !removed.includes(v)), ...added];
}

const properties = ['assignee_id', 'group_id', 'priority', 'ticket_type', 'subject', 'form_id'] as const;
const lists = ['tags', 'cc_ids', 'follower_ids'] as const;

/**
 * The agent's change on the ticket as it is now: tags, CCs and followers merge; a property (or a
 * custom field, or the state) sent with its value of then is one the agent did not change, and
 * keeps the other agent's.
 */
export async function rebaseChange(db: DbOrTx, row: TicketRow, change: Change, since: ChangedSince) {
  if (since.size === 0) {
    return change;
  }
  const out: Change = { ...change };
  for (const key of properties) {
    if (out[key] !== undefined && since.has(key) && sameValue(out[key], since.get(key))) {
      delete out[key];
    }
  }
  if (out.submit_as !== undefined && since.has('ticket_state') && out.submit_as === since.get('ticket_state')) {
    delete out.submit_as;
  }
  if (out.fields) {
    out.fields = Object.fromEntries(
      Object.entries(out.fields).filter(([key, value]) => !(since.has(key) && sameValue(value, since.get(key)))),
    );
  }
  if (out.tags !== undefined && since.has('tags')) {
    const then = (since.get('tags') as string[] | null) ?? [];
    const renames = since.renamedTags;
    out.tags = renames
      ? mergeList(throughRenames(then, renames), throughRenames(out.tags, renames), row.tags)
      : mergeList(then, out.tags, row.tags);
  }
  if (
    (out.cc_ids !== undefined && since.has('cc_ids')) ||
    (out.follower_ids !== undefined && since.has('follower_ids'))
  ) {
    const now = await membersOf(db, row.ticketId);
    for (const [key, current] of [
      ['cc_ids', now.ccIds],
      ['follower_ids', now.followerIds],
    ] as const) {
      const sent = out[key];
      if (sent !== undefined && since.has(key)) {
        out[key] = mergeList((since.get(key) as number[] | null) ?? [], sent, current);
      }
    }
  }
  return out;
}

/** Whether the agent asked to set this event's field (not a consequence such as auto-assign). */
function asked(change: Change, field: string) {
  if (field === 'ticket_state') {
    return change.submit_as !== undefined;
  }
  if ((properties as readonly string[]).includes(field)) {
    return change[field as (typeof properties)[number]] !== undefined;
  }
  return change.fields?.[field] !== undefined;
}

/**
 * Refuses, before anything is written, a change that would overwrite what someone else changed
 * since the agent's form was drawn (lists merged in `rebaseChange` never conflict).
 */
export function refuseConflict(change: Change, plan: ChangePlan, since: ChangedSince) {
  const clash = plan.events.some(
    (e) => since.has(e.field) && !(lists as readonly string[]).includes(e.field) && asked(change, e.field),
  );
  if (clash) {
    throw invalid('ticket_edit_conflict', 'base_update_ts');
  }
}
