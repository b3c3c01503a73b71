import type {
  TNote,
  TNoteAddRequest,
  TSubmitAs,
  TTicketFields,
  TTicketPriority,
  TTicketType,
  TViewShareType,
} from '@parley/contracts';

/** One "set this field" row of the editor; an empty value clears the field. */
export interface TNoteFieldRow {
  key?: string;
  value?: TTicketFields[string];
}

/** "keep" leaves a property as it is; "none" empties it (a select cannot hold null). */
export interface TNoteValues {
  title: string;
  share_type: TViewShareType;
  group_id?: number | null;
  submit_as: TSubmitAs | 'keep';
  priority: TTicketPriority | 'keep';
  ticket_type: TTicketType | 'keep';
  assignee: number | 'keep' | 'none' | 'current_user';
  group: number | 'keep' | 'none';
  fields: TNoteFieldRow[];
  add_tags: string[];
  remove_tags: string[];
  comment_body: string;
  comment_public: boolean;
}

export function noteValuesOf(note?: TNote): TNoteValues {
  const a = note?.actions;
  const orNone = <T>(v: T | null | undefined) => (v === undefined ? 'keep' : v === null ? 'none' : v);
  return {
    title: note?.title ?? '',
    share_type: note?.share_type ?? 'all',
    group_id: note?.group_id ?? null,
    submit_as: a?.submit_as ?? 'keep',
    priority: a?.priority ?? 'keep',
    ticket_type: a?.ticket_type ?? 'keep',
    assignee: orNone(a?.assignee_id) as TNoteValues['assignee'],
    group: orNone(a?.group_id) as TNoteValues['group'],
    fields: Object.entries(a?.fields ?? {}).map(([key, value]) => ({ key, value })),
    add_tags: a?.add_tags ?? [],
    remove_tags: a?.remove_tags ?? [],
    comment_body: a?.comment?.body ?? '',
    comment_public: a?.comment?.is_public ?? true,
  };
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function noteRequestOf(v: TNoteValues): TNoteAddRequest {
  const body = (v.comment_body ?? '').trim();
  const fields: TTicketFields = Object.fromEntries(
    (v.fields ?? [])
      .filter((row): row is Required<TNoteFieldRow> => Boolean(row?.key))
      .map((row) => [row.key, isEmpty(row.value) ? null : row.value]),
  );
  return {
    title: v.title,
    share_type: v.share_type,
    group_id: v.share_type === 'group' ? (v.group_id ?? null) : null,
    actions: {
      ...(v.submit_as !== 'keep' ? { submit_as: v.submit_as } : {}),
      ...(v.priority !== 'keep' ? { priority: v.priority } : {}),
      ...(v.ticket_type !== 'keep' ? { ticket_type: v.ticket_type } : {}),
      ...(v.assignee !== 'keep' ? { assignee_id: v.assignee === 'none' ? null : v.assignee } : {}),
      ...(v.group !== 'keep' ? { group_id: v.group === 'none' ? null : v.group } : {}),
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
      add_tags: v.add_tags ?? [],
      remove_tags: v.remove_tags ?? [],
      ...(body !== '' ? { comment: { body, is_public: v.comment_public } } : {}),
    },
  };
}

/** The editor's item that says the server's refusal of an action (`actions.assignee_id` under Assignee). */
export const noteActionItems: Readonly<Record<string, keyof TNoteValues>> = {
  'actions.assignee_id': 'assignee',
  'actions.group_id': 'group',
};

/**
 * A select's options with the note's own choice kept: an agent or group deleted (or no longer
 * assignable) since the note was saved shows as such, not as a bare id, until another is chosen.
 */
export function withStale<T extends { value: unknown; label: string }>(
  options: T[],
  chosen: unknown,
  loaded: boolean,
  label: string,
): Array<T | { value: number; label: string }> {
  const missing = loaded && typeof chosen === 'number' && !options.some((o) => o.value === chosen);
  return missing ? [...options, { value: chosen, label }] : options;
}
