import { ticketOps } from '@parley/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTicket } from '../../../test/factories.js';
import { agent, api, db, setUpApp } from '../../../test/kit.js';
import { commentsOf } from '../../../test/reads.js';

setUpApp({ ticketDefaults: true });
afterEach(() => vi.restoreAllMocks());

/** Two agents with the same ticket open: both pages drew it at the same `update_ts`. */
async function twoAgentsOnOneTicket(tags: string[] = []) {
  const ann = await agent({ realName: 'Ann' });
  const ben = await agent({ realName: 'Ben' });
  const { ticketId } = await buildTicket(db(), { tags, state: 'open' });
  const drawn = await api(ticketOps.get, { ticket_id: ticketId }, ann.token);
  return { ann, ben, ticketId, base: drawn.data.update_ts };
}

describe('ticket.edit with the update_ts the form was based on (base_update_ts)', () => {
  it("merges tags: Ben's added tag stays when Ann, who never saw it, adds hers", async () => {
    const { ann, ben, ticketId, base } = await twoAgentsOnOneTicket(['old']);
    const byBen = await api(
      ticketOps.edit,
      { ticket_id: ticketId, base_update_ts: base, tags: ['old', 'btag'] },
      ben.token,
    );
    expect(byBen.data.tags).toEqual(['old', 'btag']);
    // Ann also removes `old`: her removal and her addition apply to the tags as they are now.
    const byAnn = await api(ticketOps.edit, { ticket_id: ticketId, base_update_ts: base, tags: ['atag'] }, ann.token);
    expect(byAnn.code).toBe('0000');
    expect(byAnn.data.tags).toEqual(['btag', 'atag']);
  });

  it("refuses a property Ben changed since Ann's form was drawn, and writes nothing of Ann's edit", async () => {
    const { ann, ben, ticketId, base } = await twoAgentsOnOneTicket();
    const byBen = await api(ticketOps.edit, { ticket_id: ticketId, base_update_ts: base, priority: 'high' }, ben.token);
    expect(byBen.code).toBe('0000');
    const byAnn = await api(
      ticketOps.edit,
      {
        ticket_id: ticketId,
        base_update_ts: base,
        priority: 'urgent',
        ticket_type: 'incident',
        comment: { body: 'Raising it', is_public: false },
      },
      ann.token,
    );
    expect([byAnn.code, byAnn.msg]).toEqual([
      'FFFF',
      'Someone else changed this ticket while you were editing: their changes are shown now; check yours and submit again',
    ]);
    const now = await api(ticketOps.get, { ticket_id: ticketId }, ann.token);
    expect(now.data).toMatchObject({ priority: 'high', ticket_type: 'question', update_ts: byBen.data.update_ts });
    expect((await commentsOf(ticketId)).map((c) => c.body)).not.toContain('Raising it');

    // Drawn again at the new update_ts, Ann's edit goes through.
    const again = await api(
      ticketOps.edit,
      { ticket_id: ticketId, base_update_ts: now.data.update_ts, priority: 'urgent' },
      ann.token,
    );
    expect([again.code, again.data.priority]).toEqual(['0000', 'urgent']);
  });

  it('lets a comment through with the state the form showed, and a property nobody else touched', async () => {
    const { ann, ben, ticketId, base } = await twoAgentsOnOneTicket();
    await api(ticketOps.edit, { ticket_id: ticketId, base_update_ts: base, submit_as: 'pending' }, ben.token);
    // Ann's page still offered "Submit as Open": that is no change of hers, Ben's Pending stays.
    const byAnn = await api(
      ticketOps.edit,
      {
        ticket_id: ticketId,
        base_update_ts: base,
        submit_as: 'open',
        priority: 'low',
        comment: { body: 'Looked at it', is_public: false },
      },
      ann.token,
    );
    expect(byAnn.code).toBe('0000');
    expect(byAnn.data).toMatchObject({ ticket_state: 'pending', priority: 'low' });
    expect((await commentsOf(ticketId)).map((c) => c.body)).toContain('Looked at it');
  });

  it('keeps the last save winning for a client that sends no base_update_ts', async () => {
    const { ann, ben, ticketId } = await twoAgentsOnOneTicket();
    await api(ticketOps.edit, { ticket_id: ticketId, priority: 'high', tags: ['btag'] }, ben.token);
    const byAnn = await api(ticketOps.edit, { ticket_id: ticketId, priority: 'urgent', tags: ['atag'] }, ann.token);
    expect(byAnn.data).toMatchObject({ priority: 'urgent', tags: ['atag'] });
  });
  it('refuses a change Ben saved in the same millisecond as the version Ann drew', async () => {
    const { ann, ben, ticketId } = await twoAgentsOnOneTicket();
    // Every save below happens in one millisecond of the server's clock.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    const first = await api(ticketOps.edit, { ticket_id: ticketId, tags: ['btag'] }, ben.token);
    const drawn = await api(ticketOps.get, { ticket_id: ticketId }, ann.token);
    expect(drawn.data.update_ts).toBe(first.data.update_ts);
    const second = await api(ticketOps.edit, { ticket_id: ticketId, priority: 'high' }, ben.token);
    expect(second.data.update_ts).toBeGreaterThan(first.data.update_ts);

    const byAnn = await api(
      ticketOps.edit,
      { ticket_id: ticketId, base_update_ts: drawn.data.update_ts, priority: 'urgent' },
      ann.token,
    );
    expect(byAnn.code).toBe('FFFF');
    expect((await api(ticketOps.get, { ticket_id: ticketId }, ann.token)).data.priority).toBe('high');
  });
});
