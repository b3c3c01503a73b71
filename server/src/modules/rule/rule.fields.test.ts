import { automationOps, fieldOps, type TOpInput, ticketOps, triggerOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agent, api, db, setUpApp, t } from '../../../test/kit.js';
import { addTrigger, deleteTriggers, submit, word } from '../../../test/rule-kit.js';
import { queryRows } from '../../db/rows.js';

setUpApp({ ticketDefaults: true });

async function addField(body: TOpInput<typeof fieldOps.add>) {
  const res = await api(fieldOps.add, body);
  expect(res.code, JSON.stringify(res)).toBe('0000');
  return (await api(fieldOps.get, { field_id: res.data.field_id })).data;
}

const triggers: number[] = [];
const automations: number[] = [];
afterEach(async () => {
  await deleteTriggers(triggers.splice(0));
  if (automations.length) {
    await api(automationOps.delete, { automation_ids: automations.splice(0) });
  }
});

const fieldsOf = async (ticketId: number) => (await api(ticketOps.get, { ticket_id: ticketId })).data;

describe('custom fields in rules', () => {
  it('a trigger reads a custom field (changed to a value) and sets another, kept in the value table and the history', async () => {
    const w = word();
    const plan = await addField({
      field_type: 'dropdown',
      title: `Plan ${w}`,
      options: [{ name: 'Gold' }, { name: 'Silver' }],
    });
    const seats = await addField({ field_type: 'number', title: `Seats ${w}` });
    const gold = plan.options.find((o) => o.name === 'Gold')?.value as string;
    const planKey = `field_${plan.field_id}`;
    const seatsKey = `field_${seats.field_id}`;
    triggers.push(
      await addTrigger(
        `Gold ${w}`,
        {
          all: [
            { field: planKey as never, operator: 'changed_to', value: gold },
            { field: 'subject', operator: 'contains', value: w },
          ],
        },
        [
          { action: 'set_field', field_id: seats.field_id, value: 25 },
          { action: 'add_tags', value: [`gold-${w}`] },
        ],
      ),
    );
    const ticketId = (await submit(`Upgrade ${w}`)).data.ticket_id;
    expect((await fieldsOf(ticketId)).tags).toEqual([]);
    const staff = await agent();
    const saved = await api(ticketOps.edit, { ticket_id: ticketId, fields: { [planKey]: gold } }, staff.token);
    expect(saved.code, JSON.stringify(saved)).toBe('0000');
    const after = await fieldsOf(ticketId);
    expect(after.fields).toMatchObject({ [planKey]: gold, [seatsKey]: 25 });
    expect(after.tags).toEqual([`gold-${w}`]);
    const stored = await queryRows<{ value_num: string }>(
      db(),
      sql`SELECT value_num FROM ticket_field_value WHERE ticket_id = ${ticketId} AND field_id = ${seats.field_id}`,
    );
    expect(stored.map((r) => Number(r.value_num))).toEqual([25]);
    const history = await queryRows<{ field: string; new_value: unknown }>(
      db(),
      sql`SELECT field, new_value FROM ticket_event WHERE ticket_id = ${ticketId} AND field = ${seatsKey}`,
    );
    expect(history.map((h) => h.new_value)).toEqual([25]);

    // Another change that leaves the plan as it is: "changed to" does not hold, nothing more happens.
    await api(ticketOps.edit, { ticket_id: ticketId, fields: { [seatsKey]: 3 } }, staff.token);
    expect((await fieldsOf(ticketId)).fields[seatsKey]).toBe(3);

    // What a rule names must exist and fit the field.
    const unknown = await api(triggerOps.add, {
      title: 'Unknown field',
      conditions: { all: [{ field: 'field_999999', operator: 'is', value: 'x' }] },
      actions: [{ action: 'add_tags', value: ['x'] }],
    });
    expect([unknown.code, Object.keys(unknown.fields)]).toEqual(['FFFF', ['conditions.all.0.field']]);
    const badValue = await api(triggerOps.add, {
      title: 'Bad option',
      conditions: { all: [{ field: 'subject', operator: 'contains', value: 'x' }] },
      actions: [{ action: 'set_field', field_id: plan.field_id, value: 'platinum' }],
    });
    expect([badValue.code, Object.keys(badValue.fields)]).toEqual(['FFFF', ['actions.0.value']]);
  });

  it('an automation selects tickets by a custom field and changes it, which ends its own match', async () => {
    const w = word();
    const plan = await addField({
      field_type: 'dropdown',
      title: `Tier ${w}`,
      options: [{ name: 'Trial' }, { name: 'Paid' }],
    });
    const optionValue = (name: string) => plan.options.find((o) => o.name === name)?.value as string;
    const [trial, paid] = [optionValue('Trial'), optionValue('Paid')];
    const key = `field_${plan.field_id}` as const;
    const staff = await agent();
    const onTrial = (await submit(`Trial ending ${w}`)).data.ticket_id;
    const onPaid = (await submit(`Paid question ${w}`)).data.ticket_id;
    await api(ticketOps.edit, { ticket_id: onTrial, fields: { [key]: trial } }, staff.token);
    await api(ticketOps.edit, { ticket_id: onPaid, fields: { [key]: paid } }, staff.token);

    const lazy = await api(automationOps.add, {
      title: `Never ends ${w}`,
      conditions: {
        all: [
          { field: 'hours_since_created', operator: 'less_than', value: 1000 },
          { field: key, operator: 'is', value: trial },
        ],
      },
      actions: [{ action: 'set_field', field_id: plan.field_id, value: trial }],
    });
    expect(lazy.code).toBe('FFFF');
    const res = await api(automationOps.add, {
      title: `Trials to paid ${w}`,
      conditions: {
        all: [
          { field: 'hours_since_created', operator: 'less_than', value: 1000 },
          { field: key, operator: 'is', value: trial },
          { field: 'subject', operator: 'contains', value: w },
        ],
      },
      actions: [{ action: 'set_field', field_id: plan.field_id, value: paid }],
    });
    expect(res.code, JSON.stringify(res)).toBe('0000');
    automations.push(res.data.automation_id);
    const dry = await api(automationOps.dryRun, {
      automation_id: res.data.automation_id,
    });
    expect(dry.data.list.map((x) => x.ticket_id)).toEqual([onTrial]);
    await t.app.runAutomations();
    expect((await fieldsOf(onTrial)).fields[key]).toBe(paid);
    expect((await fieldsOf(onPaid)).fields[key]).toBe(paid);
    const again = await api(automationOps.dryRun, {
      automation_id: res.data.automation_id,
    });
    expect(again.data.total).toBe(0);
  });
});
