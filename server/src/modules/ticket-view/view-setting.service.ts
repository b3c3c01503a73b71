import {
  isFieldColumn,
  type TLanguage,
  type TViewSetting,
  type ZViewAddRequest,
  type ZViewEditRequest,
} from '@parley/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { ticketField, ticketView } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { shareOwner } from '../group/group-share.js';
import { forgetViews, toDef, type ViewRow } from './ticket-view.service.js';
import { mayEditView } from './view.policy.js';

type AddInput = z.output<typeof ZViewAddRequest>;
type EditInput = z.output<typeof ZViewEditRequest>;

const callerOf = (actor: Actor) => ({
  accountId: actor.account.accountId,
  userType: actor.account.userType,
  groupIds: actor.account.groupIds,
});

function present(row: ViewRow, lang: TLanguage): TViewSetting {
  const def = toDef(row, lang);
  return {
    view_id: def.viewId,
    title: def.title,
    conditions: def.conditions,
    columns: def.columns,
    sort: def.sort,
    group_by: def.groupBy,
    position: def.position,
    view_state: def.viewState,
    share_type: def.shareType,
    group_id: def.groupId,
    owner_id: row.ownerId,
    create_ts: row.createTs,
    update_ts: row.updateTs,
  };
}

/** Every view the editor may reach, in the sidebar's order (inactive ones included). */
export async function viewAllList(db: Db, actor: Actor, lang: TLanguage) {
  const caller = callerOf(actor);
  const rows = await db.select().from(ticketView).orderBy(asc(ticketView.position), asc(ticketView.viewId));
  return { list: rows.filter((r) => mayEditView(caller, r)).map((r) => present(r, lang)) };
}

/** Views the caller may edit, all of them or 0404 (someone else's personal view does not exist for them). */
async function editable(db: DbOrTx, actor: Actor, ids: number[]): Promise<ViewRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(ticketView).where(inArray(ticketView.viewId, unique));
  const caller = callerOf(actor);
  if (rows.length !== unique.length || !rows.every((r) => mayEditView(caller, r))) {
    throw notFound();
  }
  return rows;
}

export async function viewGet(db: Db, actor: Actor, viewId: number, lang: TLanguage) {
  const [row] = await editable(db, actor, [viewId]);
  return present(row as ViewRow, lang);
}

/** Custom fields named by a column or a condition must exist: an unknown id would show or match nothing. */
async function checkFields(db: DbOrTx, input: AddInput) {
  const fromColumns = input.columns.filter(isFieldColumn).map((c) => Number(c.slice('field_'.length)));
  const fromConditions = [...input.conditions.all, ...input.conditions.any].flatMap((c) =>
    c.field === 'custom_field' ? [c.field_id] : [],
  );
  for (const [ids, where] of [
    [fromColumns, 'columns'],
    [fromConditions, 'conditions'],
  ] as const) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) {
      continue;
    }
    const found = await db
      .select({ id: ticketField.fieldId })
      .from(ticketField)
      .where(inArray(ticketField.fieldId, unique));
    if (found.length !== unique.length) {
      throw invalid('id_not_found', where);
    }
  }
}

const values = (input: AddInput) => ({
  conditions: input.conditions,
  columns: [...new Set(input.columns)],
  sort: input.sort,
  groupBy: input.group_by,
  viewState: input.view_state,
  updateTs: Date.now(),
});

/** A new view goes last. */
export async function viewAdd(db: Db, actor: Actor, input: AddInput) {
  await checkFields(db, input);
  const share = await shareOwner(db, actor, input);
  const now = Date.now();
  const [row] = await db
    .insert(ticketView)
    .values({
      ...values(input),
      ...share,
      title: input.title,
      position: sql`(SELECT coalesce(max(position), 0) + 1 FROM ticket_view)`,
      createTs: now,
    })
    .returning({ viewId: ticketView.viewId });
  forgetViews();
  return { view_id: row?.viewId as number };
}

/**
 * A seeded view keeps its translated titles while its title is left as shown; a new title
 * replaces them (it is then the same in every language, as an admin's own view is).
 */
export async function viewEdit(db: Db, actor: Actor, input: EditInput, lang: TLanguage) {
  const [row] = (await editable(db, actor, [input.view_id])) as [ViewRow];
  await checkFields(db, input);
  const share = await shareOwner(db, actor, input);
  const keepTitle = input.title === row.title || input.title === row.titleI18n[lang];
  await db
    .update(ticketView)
    .set({ ...values(input), ...share, ...(keepTitle ? {} : { title: input.title, titleI18n: {} }) })
    .where(eq(ticketView.viewId, input.view_id));
  forgetViews();
}

/** All or nothing: one id that is missing or someone else's answers 0404 and deletes none. */
export async function viewDelete(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    await editable(tx, actor, ids);
    await tx.delete(ticketView).where(inArray(ticketView.viewId, ids));
  });
  forgetViews();
}

/** The dragged order: the views sent take places 1, 2, 3… in that order; the others keep theirs. */
export async function viewSort(db: Db, actor: Actor, ids: number[]) {
  if (new Set(ids).size !== ids.length) {
    throw invalid('field_invalid', 'view_ids');
  }
  await db.transaction(async (tx) => {
    await editable(tx, actor, ids);
    const now = Date.now();
    for (const [i, id] of ids.entries()) {
      await tx
        .update(ticketView)
        .set({ position: i + 1, updateTs: now })
        .where(eq(ticketView.viewId, id));
    }
  });
  forgetViews();
}
