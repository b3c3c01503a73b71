import {
  type TFormCondition,
  type TTicketForm,
  type ZFormAddRequest,
  ZFormCondition,
  type ZFormEditRequest,
} from '@parley/contracts';
import { asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { refuseTakenName } from '../../db/names.js';
import { ticketForm } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';
import { allFields, type FieldRow } from '../ticket-field/ticket-field.service.js';

type AddInput = z.output<typeof ZFormAddRequest>;
type EditInput = z.output<typeof ZFormEditRequest>;
export type FormRow = typeof ticketForm.$inferSelect;

/** Stored conditions are checked on the way out: a broken one shows every field rather than failing. */
export function conditionsOf(row: FormRow): TFormCondition[] {
  const parsed = ZFormCondition.array().safeParse(row.conditions);
  return parsed.success ? parsed.data : [];
}

export function presentForm(r: FormRow): TTicketForm {
  return {
    form_id: r.formId,
    form_name: r.formName,
    customer_title: r.customerTitle,
    field_ids: r.fieldIds,
    conditions: conditionsOf(r),
    form_state: r.formState === 'inactive' ? 'inactive' : 'active',
    is_default: r.isDefault,
    position: r.position,
    create_ts: r.createTs,
    update_ts: r.updateTs,
  };
}

/** Every form, the default first, then in their order. */
export async function allForms(db: DbOrTx): Promise<FormRow[]> {
  return db
    .select()
    .from(ticketForm)
    .orderBy(desc(ticketForm.isDefault), asc(ticketForm.position), asc(ticketForm.formId));
}

export async function formAllList(db: Db) {
  return { list: (await allForms(db)).map(presentForm) };
}

export async function findForm(db: DbOrTx, formId: number): Promise<FormRow | null> {
  const [row] = await db.select().from(ticketForm).where(eq(ticketForm.formId, formId)).limit(1);
  return row ?? null;
}

export async function defaultForm(db: DbOrTx): Promise<FormRow | null> {
  const [row] = await db.select().from(ticketForm).where(eq(ticketForm.isDefault, true)).limit(1);
  return row ?? null;
}

export async function formGet(db: Db, formId: number) {
  const row = await findForm(db, formId);
  if (!row) {
    throw notFound();
  }
  return presentForm(row);
}

const parentTypes = ['dropdown', 'nested', 'checkbox', 'multiselect'];

/** Fields that exist; conditions whose parent is a choice or checkbox of the form with one of its values, and whose children are other fields of the form. */
function checkFields(fields: FieldRow[], input: AddInput) {
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  if (input.field_ids.some((id) => !byId.has(id))) {
    throw invalid('id_not_found', 'field_ids');
  }
  const inForm = new Set(input.field_ids);
  input.conditions.forEach((c, i) => {
    const parent = byId.get(c.parent_field_id);
    const valueFits =
      parent?.fieldType === 'checkbox'
        ? typeof c.value === 'boolean'
        : typeof c.value === 'string' && Boolean(parent?.options.some((o) => o.value === c.value));
    const ok =
      parent !== undefined &&
      inForm.has(c.parent_field_id) &&
      parentTypes.includes(parent.fieldType) &&
      valueFits &&
      c.child_field_ids.every((id) => inForm.has(id) && id !== c.parent_field_id);
    if (!ok) {
      throw invalid('condition_invalid', `conditions.${i}`);
    }
  });
  refuseLoops(input.conditions);
}

/**
 * A field shown only by a field that it shows itself (directly or through others) never appears,
 * and a ticket moved to such a form lost those fields' values: the first condition closing a loop
 * is refused.
 */
function refuseLoops(conditions: AddInput['conditions']) {
  const shows = new Map<number, Set<number>>();
  const reaches = (from: number, to: number, seen = new Set<number>()): boolean => {
    if (from === to) {
      return true;
    }
    seen.add(from);
    return [...(shows.get(from) ?? [])].some((next) => !seen.has(next) && reaches(next, to, seen));
  };
  conditions.forEach((c, i) => {
    if (c.child_field_ids.some((child) => reaches(child, c.parent_field_id))) {
      throw invalid('condition_loop', `conditions.${i}`);
    }
    const children = shows.get(c.parent_field_id) ?? new Set<number>();
    for (const child of c.child_field_ids) {
      children.add(child);
    }
    shows.set(c.parent_field_id, children);
  });
}

function values(input: AddInput) {
  return {
    formName: input.form_name,
    customerTitle: input.customer_title,
    fieldIds: [...new Set(input.field_ids)],
    conditions: input.conditions,
    formState: input.form_state,
    updateTs: Date.now(),
  };
}

/** Taken first in a form's save: two saves at once must not both find "no default" or both claim it. */
const lockForms = (tx: Tx) => tx.execute(sql`LOCK TABLE ticket_form IN SHARE ROW EXCLUSIVE MODE`);

/** Exactly one default while any form exists; the default is active. */
async function settleDefault(tx: Tx, formId: number, wantsDefault: boolean, active: boolean, wasDefault: boolean) {
  if (wasDefault && !wantsDefault) {
    throw invalid('form_default_required', 'is_default');
  }
  const becomes = wantsDefault || (await defaultForm(tx)) === null;
  if (becomes && !active) {
    throw invalid('form_default_inactive', wantsDefault ? 'is_default' : 'form_state');
  }
  if (becomes) {
    await tx.update(ticketForm).set({ isDefault: false }).where(ne(ticketForm.formId, formId));
    await tx.update(ticketForm).set({ isDefault: true }).where(eq(ticketForm.formId, formId));
  }
}

export async function formAdd(db: Db, input: AddInput) {
  checkFields(await allFields(db), input);
  return db.transaction(async (tx) => {
    await lockForms(tx);
    await refuseTakenName(tx, 'form', input.form_name);
    const [last] = await tx.select({ p: max(ticketForm.position) }).from(ticketForm);
    const [row] = await tx
      .insert(ticketForm)
      .values({ ...values(input), position: (last?.p ?? 0) + 1, createTs: Date.now() })
      .returning({ formId: ticketForm.formId });
    const formId = row?.formId as number;
    await settleDefault(tx, formId, input.is_default, input.form_state === 'active', false);
    return { form_id: formId };
  });
}

export async function formEdit(db: Db, input: EditInput) {
  // An unknown form is "not found" before anything about its fields is said.
  if (!(await findForm(db, input.form_id))) {
    throw notFound();
  }
  checkFields(await allFields(db), input);
  await db.transaction(async (tx) => {
    await lockForms(tx);
    const row = await findForm(tx, input.form_id);
    if (!row) {
      throw notFound();
    }
    await refuseTakenName(tx, 'form', input.form_name, row.formId);
    await tx.update(ticketForm).set(values(input)).where(eq(ticketForm.formId, input.form_id));
    await settleDefault(tx, input.form_id, input.is_default, input.form_state === 'active', row.isDefault);
  });
}

export async function formPositionEdit(db: Db, ids: number[]) {
  await db.transaction(async (tx) => {
    const rows = await allForms(tx);
    const known = new Set(rows.map((r) => r.formId));
    if (ids.some((id) => !known.has(id))) {
      throw notFound();
    }
    const order = [...new Set(ids), ...rows.map((r) => r.formId).filter((id) => !ids.includes(id))];
    for (const [i, id] of order.entries()) {
      await tx
        .update(ticketForm)
        .set({ position: i + 1 })
        .where(eq(ticketForm.formId, id));
    }
  });
}
