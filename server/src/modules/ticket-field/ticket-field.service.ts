import {
  fieldKey,
  fieldSearchName,
  optionValueOf,
  type TFieldType,
  type TFieldValue,
  type TTicketField,
  type ZFieldAddRequest,
  type ZFieldEditRequest,
} from '@parley/contracts';
import { asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { ticketField } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';

type AddInput = z.output<typeof ZFieldAddRequest>;
type EditInput = z.output<typeof ZFieldEditRequest>;
export type FieldRow = typeof ticketField.$inferSelect;

export function presentField(r: FieldRow): TTicketField {
  return {
    field_id: r.fieldId,
    field_key: fieldKey(r.fieldId),
    field_type: r.fieldType as TFieldType,
    title: r.title,
    customer_title: r.customerTitle,
    description: r.description,
    customer_visible: r.customerVisible,
    customer_editable: r.customerEditable,
    required_to_submit: r.requiredToSubmit,
    required_to_solve: r.requiredToSolve,
    has_default: r.hasDefault,
    default_value: r.hasDefault ? ((r.defaultValue ?? null) as TFieldValue) : null,
    options: r.options,
    regex_pattern: r.regexPattern,
    field_state: r.fieldState === 'inactive' ? 'inactive' : 'active',
    position: r.position,
    create_ts: r.createTs,
    update_ts: r.updateTs,
  };
}

/** Every field in its order (the forms, the ticket page and the views editor read them all). */
export async function allFields(db: DbOrTx): Promise<FieldRow[]> {
  return db.select().from(ticketField).orderBy(asc(ticketField.position), asc(ticketField.fieldId));
}

export async function fieldAllList(db: Db, state?: 'active' | 'inactive') {
  const rows = await allFields(db);
  return { list: rows.filter((r) => !state || r.fieldState === state).map(presentField) };
}

async function findField(db: DbOrTx, fieldId: number): Promise<FieldRow> {
  const [row] = await db.select().from(ticketField).where(eq(ticketField.fieldId, fieldId)).limit(1);
  if (!row) {
    throw notFound();
  }
  return row;
}

export async function fieldGet(db: Db, fieldId: number) {
  return presentField(await findField(db, fieldId));
}

/**
 * What is stored of a definition: options with their values (made from the name when left
 * empty), only for choice types; a pattern only for regex text; a customer may edit only what
 * they see, and must fill only what they may edit.
 */
function values(input: AddInput) {
  const choice = ['dropdown', 'multiselect', 'nested'].includes(input.field_type);
  const customerVisible = input.customer_visible || input.customer_editable;
  return {
    title: input.title,
    customerTitle: input.customer_title,
    description: input.description,
    customerVisible,
    customerEditable: input.customer_editable,
    requiredToSubmit: input.required_to_submit && input.customer_editable,
    requiredToSolve: input.required_to_solve,
    hasDefault: input.has_default,
    defaultValue: input.has_default ? input.default_value : null,
    options: choice ? input.options.map((o) => ({ name: o.name, value: o.value || optionValueOf(o.name) })) : [],
    regexPattern: input.field_type === 'regex' ? input.regex_pattern : null,
    fieldState: input.field_state,
    updateTs: Date.now(),
  };
}

/**
 * Two fields of one name cannot be told apart in the views, rules and macros editors, and search's
 * `plan:` reaches only one of them: a title is taken when another field's reads the same in the
 * search box (`fieldSearchName`: case, spaces and punctuation aside). Under a lock, as roles' names;
 * a field keeping its title is not checked (two that share one from before stay editable).
 */
async function refuseTakenTitle(tx: DbOrTx, title: string, current?: FieldRow) {
  const wanted = fieldSearchName(title);
  if (current && fieldSearchName(current.title) === wanted) {
    return;
  }
  const fieldId = current?.fieldId ?? 0;
  await lockForTransaction(tx, 'fieldNames');
  const rows = await tx.select({ id: ticketField.fieldId, title: ticketField.title }).from(ticketField);
  if (wanted !== '' && rows.some((r) => r.id !== fieldId && fieldSearchName(r.title) === wanted)) {
    throw invalid('field_name_exists', 'title');
  }
}

export async function fieldAdd(db: Db, input: AddInput) {
  return db.transaction(async (tx) => {
    await refuseTakenTitle(tx, input.title);
    const [last] = await tx.select({ p: max(ticketField.position) }).from(ticketField);
    const [row] = await tx
      .insert(ticketField)
      .values({
        ...values(input),
        fieldType: input.field_type,
        position: (last?.p ?? 0) + 1,
        createTs: Date.now(),
      })
      .returning({ fieldId: ticketField.fieldId });
    return { field_id: row?.fieldId as number };
  });
}

/** The type never changes: the stored values are of that type. */
export async function fieldEdit(db: Db, input: EditInput) {
  const row = await findField(db, input.field_id);
  if (row.fieldType !== input.field_type) {
    throw invalid('field_type_fixed', 'field_type');
  }
  await db.transaction(async (tx) => {
    await refuseTakenTitle(tx, input.title, row);
    await tx.update(ticketField).set(values(input)).where(eq(ticketField.fieldId, input.field_id));
  });
}

/** The new order: the ids given first in their order, any others after them as they were. */
export async function fieldPositionEdit(db: Db, ids: number[]) {
  await db.transaction(async (tx) => {
    const rows = await allFields(tx);
    const known = new Set(rows.map((r) => r.fieldId));
    if (ids.some((id) => !known.has(id))) {
      throw notFound();
    }
    const order = [...new Set(ids), ...rows.map((r) => r.fieldId).filter((id) => !ids.includes(id))];
    for (const [i, id] of order.entries()) {
      await tx
        .update(ticketField)
        .set({ position: i + 1 })
        .where(eq(ticketField.fieldId, id));
    }
  });
}
