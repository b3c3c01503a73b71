import type { TTicketFields } from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { agentFieldValues, type FieldScope, type FieldValues, loadFieldScope } from '../ticket-field/field-values.js';

/** The values as `agentFieldValues` leaves them for the patch's keys; a cleared one is null. */
const patchOf = (keys: string[], values: FieldValues): TTicketFields =>
  Object.fromEntries(keys.map((k) => [k, (values[k] ?? null) as TTicketFields[string]]));

/**
 * A note's field values, checked as the ticket page's are (`agentFieldValues`: the field exists,
 * the value fits its type, options and pattern) and kept as a ticket would keep them (trimmed,
 * a multi-select's options in order). A bad one answers FFFF naming the field, as ticket.edit does.
 */
export async function checkedNoteFields(db: DbOrTx, fields: TTicketFields | undefined) {
  if (!fields || Object.keys(fields).length === 0) {
    return undefined;
  }
  const scope: FieldScope = { ...(await loadFieldScope(db, null)), form: null };
  return patchOf(Object.keys(fields), agentFieldValues(scope, {}, fields, false));
}

/**
 * What the note's values make of the ticket's: each value its field still accepts (a field or an
 * option removed since the note was saved is left out, the rest applies), then the ticket's form
 * conditions, as the submit will check them.
 */
export async function previewNoteFields(
  db: DbOrTx,
  ticket: { fields: unknown; formId: number | null },
  fields: TTicketFields | undefined,
): Promise<TTicketFields | undefined> {
  if (!fields || Object.keys(fields).length === 0) {
    return undefined;
  }
  const scope = await loadFieldScope(db, ticket.formId);
  const current = (ticket.fields ?? {}) as FieldValues;
  const accepted = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => {
      try {
        agentFieldValues({ ...scope, form: null }, {}, { [key]: value }, false);
        return true;
      } catch (error) {
        if (error instanceof AppError) {
          return false;
        }
        throw error;
      }
    }),
  );
  const keys = Object.keys(accepted);
  if (keys.length === 0) {
    return undefined;
  }
  return patchOf(keys, agentFieldValues(scope, current, accepted, false));
}
