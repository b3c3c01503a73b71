import { automationOps, scheduleOps, type TOpInput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAgent, buildTicket } from '../../../test/factories.js';
import { api, apiUntyped, db, setUpApp, t } from '../../../test/kit.js';
import { addTrigger, deleteTriggers, rulesOn, ticketRow, word } from '../../../test/rule-kit.js';
import { queryRows } from '../../db/rows.js';
import { wallToInstant } from '../schedule/business-time.js';

setUpApp({ ticketDefaults: true });

const made: number[] = [];
const triggers: number[] = [];
afterEach(async () => {
  if (made.length) {
    await api(automationOps.delete, { automation_ids: made.splice(0) });
  }
  await deleteTriggers(triggers.splice(0));
});

async function automation(body: TOpInput<typeof automationOps.add>) {
  const res = await api(automationOps.add, body);
  if (res.code !== '0000') {
    throw new Error(`${res.msg} ${JSON.stringify(res.data)}`);
  }
  made.push(res.data.automation_id);
  return res.data.automation_id;
}

const hoursAgo = (ticketId: number, column: 'create_ts' | 'update_ts', at: number) =>
  db().execute(sql`UPDATE ticket SET ${sql.raw(column)} = ${at} WHERE ticket_id = ${ticketId}`);

describe('Settings › Automations', () => {
  it('refuses an automation without an hours condition, or whose actions leave its conditions true', async () => {
    const noTime = await api(automationOps.add, {
      title: 'x',
      conditions: { all: [{ field: 'ticket_state', operator: 'is', value: 'solved' }] },
      actions: [{ action: 'set_state', value: 'closed' }],
    });
    expect(noTime.msg).toBe('Add an hours condition');
    // Under the "all of" conditions, where the editor shows it.
    expect(Object.keys(noTime.fields)).toEqual(['conditions.all']);
    const forever = await api(automationOps.add, {
      title: 'x',
      conditions: {
        all: [
          { field: 'ticket_state', operator: 'is', value: 'pending' },
          { field: 'hours_since_pending', operator: 'greater_than', value: 48 },
        ],
      },
      actions: [
        { action: 'add_tags', value: ['nudged'] },
        { action: 'notify', target: 'requester', subject: 'Still there?', body: 'Hi' },
      ],
    });
    expect(forever.code).toBe('FFFF');
    expect(forever.msg).toBe('An action must make a condition false, or it would repeat every hour');
    expect(forever.fields.actions).toBe(forever.msg);
    const trigOnly = await api(automationOps.add, {
      title: 'x',
      conditions: {
        all: [
          { field: 'comment_text', operator: 'contains', value: 'x' },
          { field: 'hours_since_created', operator: 'is', value: 1 },
        ],
      },
      actions: [{ action: 'set_priority', value: 'low' }],
    });
    expect(trigOnly.fields['conditions.all.0.field']).toBe('Invalid value');
    // A tag added again, or a priority set again, changes nothing on a ticket that has it: its
    // update time stays, "hours since updated" holds again next hour, and the mail would go hourly.
    const stale = (actions: unknown[], more: unknown[] = []) =>
      apiUntyped(automationOps.add, {
        title: 'Nudge stale',
        active: false,
        conditions: { all: [{ field: 'hours_since_updated', operator: 'greater_than', value: 24 }, ...more] },
        actions,
      });
    const nudge = { action: 'notify', target: 'requester', subject: 'Still there?', body: 'Hi' };
    for (const actions of [
      [{ action: 'add_tags', value: ['nudged'] }, nudge],
      [{ action: 'set_priority', value: 'high' }],
    ]) {
      const again = await stale(actions);
      expect(again.code).toBe('FFFF');
      expect(again.fields.actions).toBe(
        'On a ticket that has what the actions set already, nothing changes and the update time stays: add a condition an action makes false (such as tags exclude the tag it adds)',
      );
    }
    // With "tags exclude" the tag it adds, or an internal note (always a change): accepted.
    const tagged = await stale(
      [{ action: 'add_tags', value: ['nudged'] }, nudge],
      [{ field: 'tags', operator: 'excludes', value: ['nudged'] }],
    );
    expect(tagged.code).toBe('0000');
    made.push(tagged.data.automation_id);
    const noted = await stale([{ action: 'add_note', value: 'Nobody has answered for a day' }]);
    expect(noted.code).toBe('0000');
    made.push(noted.data.automation_id);
    // Closing solved tickets makes "status is solved" false: accepted.
    await automation({
      title: 'Close solved',
      active: false,
      conditions: {
        all: [
          { field: 'ticket_state', operator: 'is', value: 'solved' },
          { field: 'hours_since_solved', operator: 'greater_than', value: 96 },
        ],
      },
      actions: [{ action: 'set_state', value: 'closed' }],
    });
  });

  it('acts once on the tickets that match, in batches; its change fires the triggers; usage counted; a second run finds nothing', async () => {
    const w = word();
    const late = `${w}-late`;
    const old = await buildTicket(db(), { subject: `Old ${w}` });
    const fresh = await buildTicket(db(), { subject: `Fresh ${w}` });
    await hoursAgo(old.ticketId, 'create_ts', Date.now() - 50 * 3_600_000);
    const id = await automation({
      title: `Escalate ${w}`,
      conditions: {
        all: [
          { field: 'subject', operator: 'contains', value: w },
          { field: 'hours_since_created', operator: 'greater_than', value: 48 },
          { field: 'tags', operator: 'excludes', value: [late] },
        ],
      },
      actions: [
        { action: 'add_tags', value: [late] },
        { action: 'set_priority', value: 'high' },
      ],
    });
    triggers.push(
      await addTrigger(`Note late ${w}`, { all: [{ field: 'tags', operator: 'includes', value: [late] }] }, [
        { action: 'add_note', value: 'Escalated by the hour' },
      ]),
    );
    const dry = await api(automationOps.dryRun, { automation_id: id });
    expect(dry.data.total).toBe(1);
    expect(dry.data.list.map((x) => x.ticket_id)).toEqual([old.ticketId]);
    expect(dry.data.list[0]?.effects.find((e) => e.field === 'priority')?.new).toBe('high');
    expect((await ticketRow(old.ticketId))?.tags).toEqual([]);

    await t.app.runAutomations();
    expect(await ticketRow(old.ticketId)).toMatchObject({ tags: [late], priority: 'high' });
    expect(await ticketRow(fresh.ticketId)).toMatchObject({ tags: [], priority: 'normal' });
    expect(await rulesOn(old.ticketId)).toEqual([`Escalate ${w}`, `Note late ${w}`]);
    await t.app.runAutomations();
    expect(await rulesOn(old.ticketId)).toEqual([`Escalate ${w}`, `Note late ${w}`]);
    const usage = await queryRows<{ count: number }>(
      db(),
      sql`SELECT count FROM rule_usage_daily WHERE rule_kind = 'automation' AND rule_id = ${id}`,
    );
    expect(usage.map((u) => Number(u.count))).toEqual([1]);
    const listed = await api(automationOps.list, {});
    expect(listed.data.list.find((a) => a.automation_id === id)?.usage_30d).toBe(1);
  });

  it('a dry run says why its actions would fail on a ticket, and changes nothing', async () => {
    const w = word();
    const gone = await buildAgent(db());
    const old = await buildTicket(db(), { subject: `Stale ${w}` });
    await hoursAgo(old.ticketId, 'create_ts', Date.now() - 50 * 3_600_000);
    const id = await automation({
      title: `Hand over ${w}`,
      conditions: {
        all: [
          { field: 'subject', operator: 'contains', value: w },
          { field: 'hours_since_created', operator: 'greater_than', value: 48 },
          { field: 'priority', operator: 'is_not', value: 'high' },
        ],
      },
      actions: [
        { action: 'set_priority', value: 'high' },
        { action: 'set_assignee', value: gone.accountId },
      ],
    });
    await db().execute(sql`UPDATE account SET access_state = 'suspended' WHERE account_id = ${gone.accountId}`);
    const dry = await api(automationOps.dryRun, { automation_id: id });
    expect(dry.data.total).toBe(1);
    expect(dry.data.list[0]).toMatchObject({ ticket_id: old.ticketId, effects: [] });
    expect(dry.data.list[0]?.error).toContain('assignee_id');
    expect(await ticketRow(old.ticketId)).toMatchObject({ priority: 'normal', assignee_id: null });
    const failures = await queryRows(db(), sql`SELECT 1 FROM rule_failure WHERE ticket_id = ${old.ticketId}`);
    expect(failures).toHaveLength(0);
  });

  it('counts business hours across a holiday and a daylight-saving change', async () => {
    const w = word();
    const schedule = await api(scheduleOps.add, {
      name: `NY ${w}`,
      timezone: 'America/New_York',
      intervals: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
      holidays: [{ name: 'Day off', start_date: '2026-03-09', end_date: '2026-03-09' }],
    });
    const scheduleId = schedule.data.schedule_id;
    // Updated on Friday 16:00 EST; clocks go forward on Sunday; Monday is a holiday; now is Tuesday 10:00 EDT:
    // one business hour on Friday and one on Tuesday.
    const friday = wallToInstant('America/New_York', 2026, 3, 6, 16 * 60);
    const tuesday = wallToInstant('America/New_York', 2026, 3, 10, 10 * 60);
    const { ticketId } = await buildTicket(db(), { subject: `Business ${w}` });
    await hoursAgo(ticketId, 'update_ts', friday);
    const rule = (hours: number, tag: string): TOpInput<typeof automationOps.add> => ({
      title: `After ${hours} business hours ${w}`,
      schedule_id: scheduleId,
      conditions: {
        all: [
          { field: 'subject', operator: 'contains', value: w },
          { field: 'hours_since_updated', operator: 'greater_than', value: hours },
          { field: 'tags', operator: 'excludes', value: [tag] },
        ],
      },
      actions: [{ action: 'add_tags', value: [tag] }],
    });
    await automation(rule(2, `${w}-three`));
    await automation(rule(1, `${w}-two`));
    await t.app.runAutomations(tuesday);
    // Two business hours: more than one, not more than two. Calendar hours would be 89.
    expect((await ticketRow(ticketId))?.tags).toEqual([`${w}-two`]);
  });
});
