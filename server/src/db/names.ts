import type { TMessageKey } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { invalid } from '../http/app-error.js';
import type { DbOrTx } from './client.js';
import { lockForTransaction, type lockKeys } from './locks.js';
import { queryRows } from './rows.js';

type Named = { from: SQL; id: SQL; name: SQL; lock: keyof typeof lockKeys; message: TMessageKey; field: string };

/** What is named, where its name lives, and what a taken name answers. */
const named = {
  role: {
    from: sql`role`,
    id: sql`role_id`,
    name: sql`role_name`,
    lock: 'roleNames',
    message: 'role_name_exists',
    field: 'role_name',
  },
  group: {
    from: sql`agent_group`,
    id: sql`group_id`,
    name: sql`group_name`,
    lock: 'groupNames',
    message: 'group_name_exists',
    field: 'group_name',
  },
  schedule: {
    from: sql`schedule`,
    id: sql`schedule_id`,
    name: sql`name`,
    lock: 'scheduleNames',
    message: 'schedule_name_exists',
    field: 'name',
  },
  shortcut: {
    from: sql`shortcut`,
    id: sql`shortcut_id`,
    name: sql`title`,
    lock: 'shortcutNames',
    message: 'shortcut_name_exists',
    field: 'title',
  },
  form: {
    from: sql`ticket_form`,
    id: sql`form_id`,
    name: sql`form_name`,
    lock: 'formNames',
    message: 'form_name_exists',
    field: 'form_name',
  },
  triggerCategory: {
    from: sql`rule_trigger_category`,
    id: sql`category_id`,
    name: sql`name`,
    lock: 'triggerCategoryNames',
    message: 'category_exists',
    field: 'name',
  },
} as const satisfies Record<string, Named>;

/**
 * Two of one name (in any case; the contracts trim names) cannot be told apart in the pickers
 * that list them, so a save that would make a second is refused on the name's field. Under a lock
 * held to the transaction's end, so that two saves of one name at the same moment take turns
 * (call it inside the transaction that writes). A record keeping its own name is not checked: two
 * that share one from before this check stay editable. `among` narrows which others count
 * (shortcuts: those the owner sees).
 */
export async function refuseTakenName(
  tx: DbOrTx,
  kind: keyof typeof named,
  name: string,
  id = 0,
  among: SQL = sql`true`,
): Promise<void> {
  const n: Named = named[kind];
  await lockForTransaction(tx, n.lock);
  const taken = await queryRows(
    tx,
    sql`SELECT 1 FROM ${n.from} WHERE lower(trim(${n.name})) = lower(${name}) AND ${n.id} <> ${id} AND ${among}
        AND NOT EXISTS (SELECT 1 FROM ${n.from} WHERE ${n.id} = ${id} AND lower(trim(${n.name})) = lower(${name}))
      LIMIT 1`,
  );
  if (taken.length > 0) {
    throw invalid(n.message, n.field);
  }
}
