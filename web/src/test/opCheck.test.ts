import { companyOps, tagOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../api/call';
import { fakeServer, ok } from './fakeServer';

describe('the fake server checks operations like the server', () => {
  it('refuses a body the operation refuses, with the field and its message, and never runs the handler', async () => {
    let reached = 0;
    const { calls } = fakeServer({
      handlers: {
        'admin/settings/tag.add': () => {
          reached += 1;
          return ok(null);
        },
      },
    });
    const refused = call(tagOps.add, { tag_name: '  ' }, { silent: true });
    await expect(refused).rejects.toMatchObject({
      code: 'FFFF',
      message: 'Tag name is required',
      data: { fields: { tag_name: 'Tag name is required' } },
    });
    expect(reached).toBe(0);
    expect(calls.map((c) => c.path)).toEqual(['admin/settings/tag.add']);
    await expect(call(tagOps.add, { tag_name: 'vip' })).resolves.toBeNull();
    expect(reached).toBe(1);
  });

  it('reads a query as the server does: text, and a repeated key as a list', async () => {
    fakeServer({ handlers: { 'admin/settings/company.get': () => ok(null) } });
    await expect(call(companyOps.get, { company_id: 'x1' }, { silent: true })).rejects.toMatchObject({
      code: 'FFFF',
      data: { fields: { company_id: 'Invalid value' } },
    });
    await expect(call(companyOps.get, { company_id: '0' }, { silent: true })).rejects.toMatchObject({ code: 'FFFF' });
  });

  it('passes a valid input to the handler, and call() refuses an answer its output schema refuses', async () => {
    fakeServer({
      handlers: {
        'admin/settings/company.get': (c) => ok({ company_id: Number(c.query.get('company_id')) }),
      },
    });
    // The handler ran (the input passed), but its answer lacks the organization's fields.
    await expect(call(companyOps.get, { company_id: 7 }, { silent: true })).rejects.toMatchObject({ code: '0500' });
  });
});
