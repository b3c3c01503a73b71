import { scheduleOps, slaOps, ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { agent, api, setUpApp } from '../../../test/kit.js';
import { submit, word } from '../../../test/rule-kit.js';
import { calendar } from '../schedule/business-time.js';
import { nextTarget } from './sla.compute.js';

setUpApp({ ticketDefaults: true });

const minute = 60_000;

describe('SLA targets', () => {
  it('pause while pending: the minutes left wait, then run again (pure)', () => {
    const t0 = Date.parse('2026-11-25T10:00:00Z');
    const base = {
      state: 'open',
      createTs: t0,
      firstReplyTs: null,
      lastRequesterPublicTs: t0,
      lastAgentPublicTs: null,
    };
    const running = nextTarget({ first_reply: 60 }, null, true, { ...base, pending: [], now: t0 + 10 * minute });
    expect(running).toEqual({ metric: 'first_reply', dueTs: t0 + 60 * minute, pausedLeft: null });
    const paused = nextTarget({ first_reply: 60 }, null, true, {
      ...base,
      state: 'pending',
      pending: [[t0 + 10 * minute, null]],
      now: t0 + 40 * minute,
    });
    expect(paused).toEqual({ metric: 'first_reply', dueTs: null, pausedLeft: 50 });
    // Open again after 30 pending minutes: 50 left from now.
    const resumed = nextTarget({ first_reply: 60 }, null, true, {
      ...base,
      pending: [[t0 + 10 * minute, t0 + 40 * minute]],
      now: t0 + 40 * minute,
    });
    expect(resumed?.dueTs).toBe(t0 + 90 * minute);
    // Without the pause, pending time counts.
    expect(
      nextTarget({ first_reply: 60 }, null, false, {
        ...base,
        pending: [[t0 + 10 * minute, t0 + 40 * minute]],
        now: t0 + 40 * minute,
      })?.dueTs,
    ).toBe(t0 + 60 * minute);
    // The earliest of the running metrics wins.
    expect(
      nextTarget({ first_reply: 120, resolution: 90 }, null, true, { ...base, pending: [], now: t0 })?.metric,
    ).toBe('resolution');
  });

  it('calendar hours as arithmetic give what walking every day gives, over a year open and overdue (pure)', () => {
    const t0 = Date.parse('2025-11-20T08:17:00Z');
    const walked = { ...calendar, intervals: [...calendar.intervals] };
    const facts = {
      state: 'open',
      createTs: t0,
      firstReplyTs: t0 + 90 * minute,
      pending: [[t0 + 3 * 86_400_000, t0 + 10 * 86_400_000] as [number, number]],
      lastRequesterPublicTs: t0 + 200 * 86_400_000,
      lastAgentPublicTs: t0 + 100 * 86_400_000,
      now: Date.parse('2026-11-26T04:20:00Z'),
    };
    for (const pause of [true, false]) {
      for (const targets of [{ resolution: 600 }, { next_reply: 60, periodic_update: 525_600 }, { first_reply: 30 }]) {
        expect(nextTarget(targets, null, pause, facts)).toEqual(nextTarget(targets, walked, pause, facts));
      }
    }
    expect(nextTarget({ resolution: 600 }, null, false, facts)?.dueTs).toBe(t0 + 600 * minute);
  });

  it('refuses a schedule with no business hours ahead for a policy, and keeps hours in one a policy uses', async () => {
    const week = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
    const schedule = async (
      name: string,
      intervals: typeof week,
      holidays: Array<{ name: string; start_date: string; end_date: string }> = [],
    ) =>
      (await api(scheduleOps.add, { name: `${name} ${word()}`, timezone: 'UTC', intervals, holidays })).data
        .schedule_id;
    const never = await schedule('Never open', []);
    const closedForGood = await schedule('Closed for good', week, [
      { name: 'Closed', start_date: '2000-01-01', end_date: '2099-12-31' },
    ]);
    const onlyMine = () => ({ all: [{ field: 'subject' as const, operator: 'contains' as const, value: word() }] });
    const refusal = 'This schedule has no business hours ahead: targets measured in it would never fall due';
    for (const schedule_id of [never, closedForGood]) {
      const res = await api(slaOps.policyAdd, {
        title: `Night ${word()}`,
        schedule_id,
        conditions: onlyMine(),
        targets: { normal: { first_reply: 60 } },
      });
      expect([res.code, res.msg, res.fields]).toEqual(['FFFF', refusal, { schedule_id: refusal }]);
    }
    const zh = await api(
      slaOps.policyAdd,
      { title: 'x', schedule_id: never, conditions: onlyMine(), targets: { normal: { first_reply: 60 } } },
      undefined,
      {
        lang: 'zh-cn',
      },
    );
    expect(zh.msg).toBe('该工作时间今后没有营业时间：按其计时的目标永远不会到期');
    // A schedule a policy measures in keeps some hours: emptied, it is refused, and the ticket keeps its due time.
    const office = await schedule('Office', week);
    const policy = await api(slaOps.policyAdd, {
      title: `Office ${word()}`,
      schedule_id: office,
      conditions: onlyMine(),
      targets: { normal: { first_reply: 60 } },
    });
    expect(policy.code).toBe('0000');
    try {
      const emptied = await api(scheduleOps.edit, {
        schedule_id: office,
        name: `Office ${word()}`,
        timezone: 'UTC',
        intervals: [],
      });
      expect([emptied.code, emptied.msg]).toEqual([
        'FFFF',
        'An SLA policy measures its targets in this schedule: keep some business hours in it',
      ]);
      expect(Object.keys(emptied.fields ?? {})).toEqual(['intervals']);
      // The hours kept, every one ahead closed by a holiday: the holiday is what the message is about.
      const closed = await api(scheduleOps.edit, {
        schedule_id: office,
        name: `Office ${word()}`,
        timezone: 'UTC',
        intervals: week,
        holidays: [{ name: 'Forever', start_date: '2000-01-01', end_date: '2999-12-31' }],
      });
      expect([closed.code, Object.keys(closed.fields ?? {})]).toEqual(['FFFF', ['holidays']]);
      const kept = (await api(scheduleOps.get, { schedule_id: office })).data;
      expect([kept.intervals.length, kept.holidays]).toEqual([5, []]);
    } finally {
      await api(slaOps.policyDelete, { policy_ids: [policy.data.policy_id] });
    }
  });

  it('a ticket gets its policy’s next target, paused while pending, running again when open', async () => {
    const w = word();
    const policy = await api(slaOps.policyAdd, {
      title: `Fast ${w}`,
      conditions: { all: [{ field: 'subject', operator: 'contains', value: w }] },
      targets: { normal: { first_reply: 60, resolution: 600 } },
      pause_pending: true,
    });
    expect(policy.code).toBe('0000');
    try {
      const before = Date.now();
      const res = await submit(`Slow printer ${w}`);
      const ticketId = res.data.ticket_id;
      const first = (await api(slaOps.ticketGet, { ticket_id: ticketId })).data;
      expect(first).toMatchObject({
        metric: 'first_reply',
        policy_title: `Fast ${w}`,
        paused_left: null,
        breached: false,
      });
      expect(first.due_ts).toBeGreaterThanOrEqual(before + 60 * minute - 1000);
      expect(first.due_ts).toBeLessThanOrEqual(Date.now() + 60 * minute);

      const staff = await agent();
      // The agent moves the ticket with an internal note; answers its SLA as the ticket page shows it.
      const moveTo = async (submit_as: 'pending' | 'open', body: string) => {
        await api(ticketOps.edit, { ticket_id: ticketId, submit_as, comment: { body, is_public: false } }, staff.token);
        return (await api(slaOps.ticketGet, { ticket_id: ticketId })).data;
      };
      const paused = await moveTo('pending', 'Waiting on the vendor');
      expect(paused).toMatchObject({ metric: 'first_reply', due_ts: null });
      expect(paused.paused_left).toBeGreaterThanOrEqual(59);

      const again = await moveTo('open', 'Back on it');
      expect(again.metric).toBe('first_reply');
      expect(again.due_ts).toBeGreaterThan(Date.now() + 58 * minute);

      // Other tickets: no policy, no target.
      const other = await submit('Unrelated question');
      expect((await api(slaOps.ticketGet, { ticket_id: other.data.ticket_id })).data.metric).toBeNull();
    } finally {
      await api(slaOps.policyDelete, { policy_ids: [policy.data.policy_id] });
    }
  });
});
