import {
  fieldOps,
  type TOpInput,
  type TTicketListResponse,
  type TViewSetting,
  ticketOps,
  viewOps,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import {
  buildAgent,
  buildCompany,
  buildEndUser,
  buildGroup,
  buildRole,
  buildTicket,
  defaultPassword,
  giveDefaultRole,
} from '../../../test/factories.js';
import { admin, api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { ticket } from '../../db/schema/index.js';

setUpApp();

const db = () => t.database.db;
const allViews = async (token: string) => (await api(viewOps.allList, {}, token)).data.list;
const sidebar = async (token: string) => (await api(ticketOps.views, {}, token)).data.list;
const listOf = (token: string, view_id: number) => api(ticketOps.list, { view_id }, token);
const ids = (res: { data: TTicketListResponse }) => res.data.list.map((r) => r.ticket_id);
const word = () => `v${Math.random().toString(36).slice(2, 10)}`;

/** An agent holding the default role plus the views editor. */
async function editor() {
  const a = await buildAgent(db(), { ticketAccess: 'all' });
  await giveDefaultRole(db(), a.accountId);
  await buildRole(db(), {
    accountIds: [a.accountId],
    nodes: [
      { type: 'menu', value: '/wswt/setting/view' },
      { type: 'menu', value: '/wswt/setting/view/edit' },
      { type: 'btn', value: 'view.add' },
      { type: 'btn', value: 'view.edit' },
      { type: 'btn', value: 'view.delete' },
    ],
  });
  return { account: a, token: await signIn(t.app, a.email, defaultPassword) };
}

async function addView(token: string, body: Partial<TOpInput<typeof viewOps.add>> & { title: string }) {
  const res = await api(viewOps.add, { columns: ['ticket_id', 'subject'], ...body }, token);
  expect(res.code, JSON.stringify(res)).toBe('0000');
  return res.data.view_id;
}

describe('views editor', () => {
  it('requires a title and refuses more than 10 columns, in English and Chinese', async () => {
    const noTitle = await api(viewOps.add, { title: ' ', columns: ['ticket_id'] });
    expect([noTitle.code, noTitle.msg, noTitle.data]).toEqual([
      'FFFF',
      'View title is required',
      { fields: { title: 'View title is required' } },
    ]);
    expect((await apiUntyped(viewOps.add, { columns: ['ticket_id'] }, admin, { lang: 'zh-cn' })).msg).toBe(
      '请输入视图标题',
    );
    const eleven: TOpInput<typeof viewOps.add>['columns'] = [
      'ticket_id',
      'subject',
      'requester',
      'company',
      'ticket_state',
      'priority',
      'ticket_type',
      'assignee',
      'group',
      'tags',
      'update_ts',
    ];
    const tooMany = await api(viewOps.add, { title: 'Wide', columns: eleven });
    expect([tooMany.code, tooMany.msg]).toEqual(['FFFF', 'Views allow up to 10 columns']);
    expect((await api(viewOps.add, { title: 'Wide', columns: eleven }, admin, { lang: 'zh-cn' })).msg).toBe(
      '视图最多 10 列',
    );
    expect((await api(viewOps.add, { title: 'Ten', columns: eleven.slice(0, 10) })).code).toBe('0000');
    // Conditions are checked too: an unknown state, a "deleted" among "any of", a group share without a group.
    for (const bad of [
      { conditions: { all: [{ field: 'ticket_state', operator: 'in', value: ['lost'] }] } },
      { conditions: { all: [], any: [{ field: 'deleted', operator: 'is', value: true }] } },
      { conditions: { all: [{ field: 'hours_since_create', operator: 'less_than', value: -1 }] } },
      { share_type: 'group' },
      { share_type: 'group', group_id: 99999999 },
      { sort: 'subject' },
      { group_by: 'requester' },
    ]) {
      const res = await apiUntyped(viewOps.add, { title: 'Bad', columns: ['ticket_id'], ...bad });
      expect(res.code, JSON.stringify(bad)).toBe('FFFF');
    }
  });

  it('lists the tickets that meet all of the conditions and any one of the others', async () => {
    const tag = word();
    const company = await buildCompany(db());
    const requester = await buildEndUser(db());
    const urgentTagged = await buildTicket(db(), { tags: [tag], priority: 'urgent', state: 'open' });
    const highOfRequester = await buildTicket(db(), {
      tags: [tag],
      priority: 'high',
      requesterId: requester.accountId,
    });
    const lowOfCompany = await buildTicket(db(), { tags: [tag], priority: 'low', state: 'pending' });
    await db().update(ticket).set({ companyId: company.companyId }).where(eq(ticket.ticketId, lowOfCompany.ticketId));
    const lowUntouched = await buildTicket(db(), { tags: [tag], priority: 'low' });
    const solved = await buildTicket(db(), { tags: [tag], priority: 'urgent', state: 'solved' });
    const viewId = await addView(admin, {
      title: `Tagged ${tag}`,
      conditions: {
        all: [
          { field: 'tags', operator: 'includes', value: tag },
          { field: 'ticket_state', operator: 'not_in', value: ['solved', 'closed'] },
        ],
        any: [
          { field: 'priority', operator: 'in', value: ['urgent'] },
          { field: 'requester_id', operator: 'is', value: requester.accountId },
          { field: 'company_id', operator: 'is', value: company.companyId },
        ],
      },
    });
    const res = await listOf(admin, viewId);
    expect(ids(res).sort()).toEqual([urgentTagged.ticketId, highOfRequester.ticketId, lowOfCompany.ticketId].sort());
    expect(ids(res)).not.toContain(lowUntouched.ticketId);
    expect(ids(res)).not.toContain(solved.ticketId);
    const inSidebar = (await sidebar(admin)).find((v) => v.view_id === viewId);
    expect([inSidebar?.title, inSidebar?.count, inSidebar?.count_estimated]).toEqual([`Tagged ${tag}`, 3, false]);

    // Times: "hours since created greater than 1" leaves out what was made just now.
    const older = await addView(admin, {
      title: `Old ${tag}`,
      conditions: {
        all: [
          { field: 'tags', operator: 'includes', value: tag },
          { field: 'hours_since_create', operator: 'greater_than', value: 1 },
        ],
      },
    });
    expect(ids(await listOf(admin, older))).toEqual([]);
    await db()
      .update(ticket)
      .set({ createTs: Date.now() - 2 * 3_600_000 })
      .where(eq(ticket.ticketId, lowUntouched.ticketId));
    expect(ids(await listOf(admin, older))).toEqual([lowUntouched.ticketId]);
  });

  it('filters by a custom field and shows it as a column; unknown fields are refused', async () => {
    const field = await api(fieldOps.add, {
      field_type: 'nested',
      title: 'Category',
      options: [{ name: 'Hardware::Printer' }, { name: 'Software' }],
    });
    expect(field.code, JSON.stringify(field)).toBe('0000');
    const fieldId = field.data.field_id;
    const key = `field_${fieldId}` as const;
    const printer = await buildTicket(db());
    const software = await buildTicket(db());
    for (const [ticketId, value] of [
      [printer.ticketId, 'hardware::printer'],
      [software.ticketId, 'software'],
    ] as const) {
      const res = await api(ticketOps.edit, { ticket_id: ticketId, fields: { [key]: value } });
      expect(res.code, JSON.stringify(res)).toBe('0000');
    }
    const viewId = await addView(admin, {
      title: `Hardware ${word()}`,
      conditions: { all: [{ field: 'custom_field', field_id: fieldId, operator: 'under', value: 'hardware' }] },
      columns: ['ticket_id', 'subject', key],
    });
    const res = await listOf(admin, viewId);
    expect(ids(res)).toEqual([printer.ticketId]);
    expect((res.data.list[0] as { fields?: Record<string, unknown> }).fields?.[key]).toBe('hardware::printer');
    expect((await sidebar(admin)).find((v) => v.view_id === viewId)?.columns).toEqual(['ticket_id', 'subject', key]);
    const unknownColumn = await api(viewOps.add, { title: 'Bad', columns: ['ticket_id', 'field_99999999'] });
    expect([unknownColumn.code, unknownColumn.data]).toEqual([
      'FFFF',
      { fields: { columns: 'No record has this id' } },
    ]);
    const unknownCondition = await api(viewOps.add, {
      title: 'Bad',
      columns: ['ticket_id'],
      conditions: { all: [{ field: 'custom_field', field_id: 99999999, operator: 'present' }] },
    });
    expect(unknownCondition.code).toBe('FFFF');
    expect((await apiUntyped(viewOps.add, { title: 'Bad', columns: ['field_x'] })).code).toBe('FFFF');
  });

  it('groups rows by a property, then by the sort', async () => {
    const tag = word();
    const a = await buildTicket(db(), { tags: [tag], priority: 'low' });
    const b = await buildTicket(db(), { tags: [tag], priority: 'high' });
    const c = await buildTicket(db(), { tags: [tag], priority: 'low' });
    const viewId = await addView(admin, {
      title: `Grouped ${tag}`,
      conditions: { all: [{ field: 'tags', operator: 'includes', value: tag }] },
      group_by: 'priority',
      sort: '-update_ts',
    });
    // "high" before "low"; within low, the newest first.
    expect(ids(await listOf(admin, viewId))).toEqual([b.ticketId, c.ticketId, a.ticketId]);
    const stored = (await allViews(admin)).find((v) => v.view_id === viewId);
    expect(stored?.group_by).toBe('priority');
  });

  it('shows a personal view to its creator only, and a group view to that group', async () => {
    const me = await editor();
    const other = await editor();
    const member = await editor();
    const groupId = await buildGroup(db(), [member.account.accountId]);
    const personal = await addView(me.token, { title: `Mine ${word()}`, share_type: 'me' });
    const grouped = await addView(me.token, { title: `Group ${word()}`, share_type: 'group', group_id: groupId });
    const seen = async (token: string) => (await sidebar(token)).map((v) => v.view_id);
    expect(await seen(me.token)).toContain(personal);
    expect(await seen(other.token)).not.toContain(personal);
    expect(await seen(admin)).not.toContain(personal);
    expect(await seen(member.token)).toContain(grouped);
    expect(await seen(other.token)).not.toContain(grouped);
    expect(await seen(admin)).toContain(grouped);
    expect((await listOf(other.token, personal)).code).toBe('0404');
    expect((await listOf(other.token, grouped)).code).toBe('0404');
    expect((await listOf(member.token, grouped)).code).toBe('0000');
    // The editor: someone else's personal view does not exist for them.
    expect((await allViews(other.token)).map((v) => v.view_id)).not.toContain(personal);
    const get = await api(viewOps.get, { view_id: String(personal) }, other.token);
    expect(get.code).toBe('0404');
    expect((await api(viewOps.delete, { view_ids: [personal] }, other.token)).code).toBe('0404');
    expect((await api(viewOps.delete, { view_ids: [personal] }, me.token)).code).toBe('0000');
    expect(await seen(me.token)).not.toContain(personal);
  });

  it('edits a seeded view like any other; an inactive view leaves the sidebar', async () => {
    const seeded = (await allViews(admin)).find((v) => v.title === 'Pending tickets') as TViewSetting;
    const edit = (over: Record<string, unknown>) =>
      api(viewOps.edit, {
        view_id: seeded.view_id,
        title: seeded.title,
        conditions: seeded.conditions,
        columns: seeded.columns,
        sort: seeded.sort,
        ...over,
      });
    // Kept title: the translations stay.
    expect((await edit({ columns: ['ticket_id', 'subject', 'priority'] })).code).toBe('0000');
    const zh = await api(viewOps.allList, {}, admin, { lang: 'zh-cn' });
    expect(zh.data.list.find((v) => v.view_id === seeded.view_id)?.title).toBe('待回应的工单');
    expect((await edit({ view_state: 'inactive', columns: ['ticket_id', 'subject', 'priority'] })).code).toBe('0000');
    expect((await sidebar(admin)).map((v) => v.view_id)).not.toContain(seeded.view_id);
    expect((await listOf(admin, seeded.view_id)).code).toBe('0404');
    expect(
      (
        await edit({
          view_state: 'active',
          title: 'Waiting on customer',
          columns: ['ticket_id', 'subject', 'priority'],
        })
      ).code,
    ).toBe('0000');
    const back = (await sidebar(admin)).find((v) => v.view_id === seeded.view_id);
    expect([back?.title, back?.columns]).toEqual(['Waiting on customer', ['ticket_id', 'subject', 'priority']]);
    const zhAfter = await api(viewOps.allList, {}, admin, { lang: 'zh-cn' });
    expect(zhAfter.data.list.find((v) => v.view_id === seeded.view_id)?.title).toBe('Waiting on customer');
    // Back as it was, for the other tests of this file.
    await edit({ title: 'Pending tickets', columns: seeded.columns });
  });

  it('keeps the dragged order in the editor and the sidebar', async () => {
    const before = (await allViews(admin)).map((v) => v.view_id);
    const reordered = [before[2], before[0], ...before.slice(3), before[1]] as number[];
    const res = await api(viewOps.sort, { view_ids: reordered });
    expect([res.code, res.msg]).toEqual(['0000', 'Successfully saved']);
    expect((await allViews(admin)).map((v) => v.view_id)).toEqual(reordered);
    const active = (await allViews(admin)).filter((v) => v.view_state === 'active').map((v) => v.view_id);
    expect((await sidebar(admin)).map((v) => v.view_id)).toEqual(active);
    expect((await api(viewOps.sort, { view_ids: [before[0], before[0]] as number[] })).code).toBe('FFFF');
    expect((await api(viewOps.sort, { view_ids: [99999999] })).code).toBe('0404');
    expect((await api(viewOps.sort, { view_ids: [] })).code).toBe('FFFF');
  });
});
