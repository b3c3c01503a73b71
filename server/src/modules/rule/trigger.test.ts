import { ticketOps, triggerOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAgent, buildTicket } from '../../../test/factories.js';
import { agent, api, apiUntyped, db, setUpApp } from '../../../test/kit.js';
import { addTrigger, deleteTriggers, rulesOn, submit, ticketRow, word } from '../../../test/rule-kit.js';
import { queryRows } from '../../db/rows.js';

setUpApp({ ticketDefaults: true });

const made: number[] = [];
const trigger = async (...args: Parameters<typeof addTrigger>) => {
  const id = await addTrigger(...args);
  made.push(id);
  return id;
};
afterEach(async () => {
  await deleteTriggers(made.splice(0));
});

describe('Settings › Triggers', () => {
  it('checks what is saved: the title, conditions a trigger can use, a category name, public webhook addresses', async () => {
    const noTitle = await api(triggerOps.add, {
      title: ' ',
      conditions: { all: [], any: [] },
      actions: [{ action: 'set_priority', value: 'high' }],
    });
    expect(noTitle.code).toBe('FFFF');
    expect(noTitle.fields.title).toBe('Title is required');
    // No condition: it would act on every change of every ticket. Refused, and nothing saved.
    const before = (await api(triggerOps.list, {})).data.list.length;
    const everything = await api(triggerOps.add, {
      title: 'Everything',
      conditions: { all: [], any: [] },
      actions: [{ action: 'set_priority', value: 'high' }],
    });
    expect(everything.code).toBe('FFFF');
    expect(everything.fields).toEqual({
      'conditions.all': 'Add at least one condition: a trigger without one would act on every change of every ticket',
    });
    expect((await api(triggerOps.list, {})).data.list).toHaveLength(before);
    const hours = await api(triggerOps.add, {
      title: 'x',
      conditions: { all: [{ field: 'hours_since_created', operator: 'greater_than', value: 3 }] },
      actions: [{ action: 'set_priority', value: 'high' }],
    });
    expect(hours.fields['conditions.all.0.field']).toBe('Invalid value');
    const badValue = await api(triggerOps.add, {
      title: 'x',
      conditions: { all: [{ field: 'ticket_state', operator: 'is', value: 'sleeping' }] },
      actions: [{ action: 'set_priority', value: 'high' }],
    });
    expect(Object.keys(badValue.fields)).toEqual(['conditions.all.0.value']);
    // An organization, a requester or an agent that is not there: said, not saved to never match.
    for (const field of ['company_id', 'requester_id', 'assignee_id'] as const) {
      const gone = await api(triggerOps.add, {
        title: 'x',
        conditions: { all: [{ field, operator: 'is', value: 99_999_999 }] },
        actions: [{ action: 'set_priority', value: 'high' }],
      });
      expect(gone.fields).toEqual({ 'conditions.all.0.value': 'No record has this id' });
    }
    // An empty value or address says what to put there, not "Invalid value".
    const empty = await api(triggerOps.add, {
      title: 'x',
      conditions: { all: [{ field: 'subject', operator: 'contains', value: ' ' }], any: [] },
      actions: [
        { action: 'add_tags', value: [] },
        { action: 'webhook', url: 'ftp://example.com/hook' },
      ],
    });
    expect(empty.fields).toEqual({
      'conditions.all.0.value': 'Enter the text to look for',
      'actions.0.value': 'Add at least one tag',
      'actions.1.url': 'Webhook addresses start with https:// or http://',
    });
    const noActions = await api(triggerOps.add, { title: 'x', conditions: {}, actions: [] });
    expect(noActions.fields.actions).toBe('Add at least one action');
    for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'https://10.1.2.3/x', 'http://[::1]/x']) {
      const local = await api(triggerOps.add, {
        title: 'x',
        conditions: {},
        actions: [{ action: 'webhook', url }],
      });
      expect(local.fields['actions.0.url']).toBe('Webhooks call public addresses only');
    }
    const noName = await api(triggerOps.categoryAdd, { name: '' });
    expect(noName.fields.name).toBe('Category name is required');
    const zh = await apiUntyped(triggerOps.categoryAdd, {});
    expect(zh.code).toBe('FFFF');

    const w = word();
    const category = await api(triggerOps.categoryAdd, { name: `Routing ${w}` });
    // One name, one category, in any case: added or renamed to a taken name is refused.
    const twice = await api(triggerOps.categoryAdd, { name: `ROUTING ${w}` });
    expect(twice.fields.name).toBe('A category of this name exists already');
    const other = await api(triggerOps.categoryAdd, { name: `Billing ${w}` });
    const renamed = await api(triggerOps.categoryEdit, {
      category_id: other.data.category_id,
      name: `routing ${w}`,
    });
    expect(renamed.fields.name).toBe('A category of this name exists already');
    // Its own name again (another case) is no clash.
    const same = await api(triggerOps.categoryEdit, { category_id: category.data.category_id, name: `ROUTING ${w}` });
    expect(same.code).toBe('0000');
    await api(triggerOps.categoryDelete, { category_id: other.data.category_id });
    const id = await trigger(
      `Hook ${w}`,
      { all: [{ field: 'subject', operator: 'contains', value: w }] },
      [{ action: 'webhook', url: 'https://hooks.example.com/parley' }],
      { category_id: category.data.category_id },
    );
    const saved = await api(triggerOps.get, { trigger_id: id });
    expect(saved.data.category_id).toBe(category.data.category_id);
    const hook = saved.data.actions[0];
    expect(hook?.action === 'webhook' && hook.secret?.length).toBeGreaterThanOrEqual(32);
    await api(triggerOps.categoryDelete, { category_id: category.data.category_id });
    const after = await api(triggerOps.get, { trigger_id: id });
    expect(after.data.category_id).toBeNull();
  });

  it('runs in order on a visitor’s new ticket; a change of one fires the others, each once, in the same transaction', async () => {
    const w = word();
    const [a, b] = [`${w}-a`, `${w}-b`];
    // Saved first, runs first: but it waits for tag b, which the last one adds.
    const third = await trigger(`Third ${w}`, { all: [{ field: 'tags', operator: 'includes', value: [b] }] }, [
      { action: 'add_note', value: `Noted by ${w}` },
    ]);
    await trigger(`First ${w}`, { all: [{ field: 'subject', operator: 'contains', value: w }] }, [
      { action: 'add_tags', value: [a] },
    ]);
    await trigger(`Second ${w}`, { all: [{ field: 'tags', operator: 'includes', value: [a] }] }, [
      { action: 'add_tags', value: [b] },
      { action: 'set_priority', value: 'high' },
    ]);
    const list = await api(triggerOps.list, {});
    expect(list.data.list.map((x) => x.title).filter((x) => x.endsWith(w))).toEqual([
      `Third ${w}`,
      `First ${w}`,
      `Second ${w}`,
    ]);

    const res = await submit(`Printer ${w.toUpperCase()} is on fire`);
    expect(res.code).toBe('0000');
    const ticketId = res.data.ticket_id;
    expect(await ticketRow(ticketId)).toMatchObject({ tags: [a, b], priority: 'high' });
    expect(await rulesOn(ticketId)).toEqual([`First ${w}`, `Second ${w}`, `Third ${w}`]);
    const notes = await queryRows<{ body: string; is_public: boolean; author_id: number | null }>(
      db(),
      sql`SELECT body, is_public, author_id FROM ticket_comment WHERE ticket_id = ${ticketId} AND NOT is_public`,
    );
    expect(notes).toEqual([{ body: `<p>Noted by ${w}</p>`, is_public: false, author_id: null }]);

    // Another update: the same triggers may fire again on the new change (once each), but their
    // conditions (tags already there) change nothing new.
    const staff = await agent();
    await api(ticketOps.edit, { ticket_id: ticketId, priority: 'low' }, staff.token);
    expect((await ticketRow(ticketId))?.priority).toBe('high');

    // Moved to the end by drag: the order call takes every trigger once.
    const all = list.data.list.map((x) => x.trigger_id);
    const incomplete = await api(triggerOps.orderEdit, { trigger_ids: all.slice(1) });
    expect(incomplete.fields.trigger_ids).toBe('Invalid value');
    const moved = [...all.filter((id) => id !== third), third];
    expect((await api(triggerOps.orderEdit, { trigger_ids: moved })).code).toBe('0000');
    const reordered = await api(triggerOps.list, {});
    expect(reordered.data.list.map((x) => x.trigger_id)).toEqual(moved);
  });

  it('"all" must all hold and one of "any"', async () => {
    const w = word();
    await trigger(
      `Urgent ${w}`,
      {
        all: [{ field: 'subject', operator: 'contains', value: w }],
        any: [
          { field: 'comment_text', operator: 'contains', value: 'outage' },
          { field: 'comment_text', operator: 'contains', value: 'down' },
        ],
      },
      [{ action: 'set_priority', value: 'urgent' }],
    );
    const hit = await submit(`${w} help`, 'The site is DOWN since noon');
    const miss = await submit(`${w} help`, 'A small question');
    const other = await submit('Unrelated', 'Total outage');
    expect((await ticketRow(hit.data.ticket_id))?.priority).toBe('urgent');
    expect((await ticketRow(miss.data.ticket_id))?.priority).toBe('normal');
    expect((await ticketRow(other.data.ticket_id))?.priority).toBe('normal');
  });

  it('never loops: two triggers that undo each other fire once each and the change is saved', async () => {
    const w = word();
    const [p, q] = [`${w}-p`, `${w}-q`];
    await trigger(`P to Q ${w}`, { all: [{ field: 'tags', operator: 'includes', value: [p] }] }, [
      { action: 'remove_tags', value: [p] },
      { action: 'add_tags', value: [q] },
    ]);
    await trigger(`Q to P ${w}`, { all: [{ field: 'tags', operator: 'includes', value: [q] }] }, [
      { action: 'remove_tags', value: [q] },
      { action: 'add_tags', value: [p] },
    ]);
    const staff = await agent();
    const { ticketId } = await buildTicket(db(), { subject: `Loop ${w}` });
    const res = await api(
      ticketOps.edit,
      {
        ticket_id: ticketId,
        tags: [p],
        comment: { body: 'tagging', is_public: false },
      },
      staff.token,
    );
    expect(res.code).toBe('0000');
    expect((await ticketRow(ticketId))?.tags).toEqual([p]);
    expect(await rulesOn(ticketId)).toEqual([`P to Q ${w}`, `Q to P ${w}`]);
  });

  it('a trigger that fails leaves the change and the other triggers’ work, and records why', async () => {
    const w = word();
    const gone = await buildAgent(db());
    const failing = await trigger(`Assign ${w}`, { all: [{ field: 'subject', operator: 'contains', value: w }] }, [
      { action: 'add_tags', value: [`${w}-lost`] },
      { action: 'set_assignee', value: gone.accountId },
    ]);
    await trigger(`Tag ${w}`, { all: [{ field: 'subject', operator: 'contains', value: w }] }, [
      { action: 'add_tags', value: [`${w}-kept`] },
    ]);
    await db().execute(sql`UPDATE account SET access_state = 'suspended' WHERE account_id = ${gone.accountId}`);

    const res = await submit(`Broken ${w}`);
    expect(res.code).toBe('0000');
    const row = await ticketRow(res.data.ticket_id);
    expect(row).toMatchObject({ tags: [`${w}-kept`], assignee_id: null, ticket_state: 'new' });
    const failures = await queryRows<{ new_value: { title: string; error: string } }>(
      db(),
      sql`SELECT new_value FROM ticket_event WHERE ticket_id = ${res.data.ticket_id} AND field = 'rule_failed'`,
    );
    expect(failures.map((f) => f.new_value.title)).toEqual([`Assign ${w}`]);
    const listed = await api(triggerOps.list, {});
    const entry = listed.data.list.find((x) => x.trigger_id === failing);
    expect(entry?.last_error).toContain('assignee_id');
  });

  it('counts uses per day and tells a dry run which triggers would fire, why, and what they would change', async () => {
    const w = word();
    const staff = await agent();
    const tagger = await trigger(
      `Tag and assign ${w}`,
      {
        all: [
          { field: 'subject', operator: 'contains', value: w },
          { field: 'update_type', operator: 'is', value: 'created' },
        ],
      },
      [
        { action: 'add_tags', value: [`${w}-vip`] },
        { action: 'set_assignee', value: staff.accountId },
      ],
    );
    const { ticketId } = await buildTicket(db(), { subject: `Dry ${w}` });
    const before = await ticketRow(ticketId);
    const run = await api(triggerOps.dryRun, { ticket_id: ticketId, update_type: 'created' });
    expect(run.code).toBe('0000');
    const entry = run.data.list.find((x) => x.trigger_id === tagger);
    expect(entry?.fired).toBe(true);
    expect(entry?.conditions.map((c) => c.matched)).toEqual([true, true]);
    expect(entry?.effects.find((e) => e.field === 'tags')?.new).toEqual([`${w}-vip`]);
    expect(entry?.effects.find((e) => e.field === 'assignee_id')?.new).toBe(staff.accountId);
    // Nothing changed.
    expect(await ticketRow(ticketId)).toEqual(before);
    expect(await rulesOn(ticketId)).toEqual([]);

    const update = await api(triggerOps.dryRun, { ticket_id: ticketId, update_type: 'updated' });
    expect(update.data.list.find((x) => x.trigger_id === tagger)?.conditions.map((c) => c.matched)).toEqual([
      true,
      false,
    ]);

    const missing = await api(triggerOps.dryRun, { ticket_id: 999_999, update_type: 'created' });
    expect([missing.code, missing.msg]).toEqual(['0404', 'Ticket #999999 was not found']);
    const zhMissing = await api(triggerOps.dryRun, { ticket_id: 999_999, update_type: 'created' }, undefined, {
      lang: 'zh-cn',
    });
    expect(zhMissing.msg).toBe('未找到工单 #999999');

    // A draft replaces the saved version in the dry run only.
    const draft = await api(triggerOps.dryRun, {
      ticket_id: ticketId,
      update_type: 'updated',
      draft: {
        trigger_id: tagger,
        title: 'Draft',
        conditions: { all: [{ field: 'subject', operator: 'contains', value: w }] },
        actions: [{ action: 'set_priority', value: 'urgent' }],
      },
    });
    expect(draft.data.list.find((x) => x.trigger_id === tagger)?.fired).toBe(true);
    expect((await api(triggerOps.get, { trigger_id: tagger })).data.title).toBe(`Tag and assign ${w}`);

    await submit(`Real ${w}`);
    const listed = await api(triggerOps.list, {});
    expect(listed.data.list.find((x) => x.trigger_id === tagger)?.usage_30d).toBe(1);
  });
});
