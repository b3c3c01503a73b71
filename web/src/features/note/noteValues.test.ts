import { describe, expect, it } from 'vitest';
import { noteRequestOf, noteValuesOf } from './noteValues';

describe('a note’s field values in the editor', () => {
  it('edits each set field as a row and sends them by key; an empty value clears the field', () => {
    const values = noteValuesOf({
      note_id: 1,
      title: 'Printer',
      actions: { fields: { field_2: 'hardware::printer', field_5: 3 }, add_tags: [], remove_tags: [] },
      share_type: 'all',
      group_id: null,
      owner_id: null,
      creator_id: 1,
      usage_count: 0,
      last_used_ts: null,
      create_ts: 0,
      update_ts: 0,
    });
    expect(values.fields).toEqual([
      { key: 'field_2', value: 'hardware::printer' },
      { key: 'field_5', value: 3 },
    ]);
    const request = noteRequestOf({
      ...values,
      fields: [...values.fields, { key: 'field_7', value: [] }, { key: 'field_8', value: '' }, { value: 'x' }],
    });
    expect(request.actions?.fields).toEqual({
      field_2: 'hardware::printer',
      field_5: 3,
      field_7: null,
      field_8: null,
    });
    expect(noteRequestOf({ ...values, fields: [] }).actions).not.toHaveProperty('fields');
  });
});
