import { ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import {
  buildAdmin,
  buildAgent,
  buildGroup,
  buildRole,
  buildTicket,
  defaultPassword,
  giveDefaultRole,
} from '../../../test/factories.js';
import { api, db, setUpApp, t } from '../../../test/kit.js';
import { groupAccount } from '../../db/schema/index.js';
import { maySeeTicket } from './ticket.policy.js';

setUpApp({ ticketDefaults: true });

/**
 * Who sees which ticket, three ways that must agree: the policy function (what the ticket page,
 * its comments, attachments, chat and presence enforce), the list SQL (`ticket.list`, which
 * search, tags and reports share), and the ticket page as a signed-in caller gets it. Agents of
 * every access level, group membership and kind of role, over tickets of every relation to them.
 */
describe('the ticket policy and the ticket list agree on who sees which ticket', () => {
  it('over agents of each access level, groups and role, and tickets of each relation', async () => {
    const [g1, g2] = [await buildGroup(db()), await buildGroup(db())];
    const tag = `vis${Math.random().toString(36).slice(2, 8)}`;

    type Caller = {
      name: string;
      accountId: number;
      token: string;
      viewer: Parameters<typeof maySeeTicket>[0];
    };
    const callers: Caller[] = [];
    const roles = ['default Agent role', 'ticket page only'] as const;
    const groupSets = { none: [], g1: [g1], 'g1+g2': [g1, g2] } as Record<string, number[]>;
    for (const ticketAccess of ['all', 'groups', 'own'] as const) {
      for (const [groupsName, groupIds] of Object.entries(groupSets)) {
        for (const roleName of roles) {
          const a = await buildAgent(db(), { ticketAccess });
          if (roleName === 'default Agent role') {
            await giveDefaultRole(db(), a.accountId);
          } else {
            await buildRole(db(), {
              nodes: [{ type: 'menu', value: '/wswt/ticket/edit/:ticket_id' }],
              accountIds: [a.accountId],
            });
          }
          for (const groupId of groupIds) {
            await db().insert(groupAccount).values({ groupId, accountId: a.accountId });
          }
          callers.push({
            name: `agent ${ticketAccess}, groups ${groupsName}, ${roleName}`,
            accountId: a.accountId,
            token: await signIn(t.app, a.email, defaultPassword),
            viewer: { accountId: a.accountId, userType: 'agent', ticketAccess, groupIds },
          });
        }
      }
    }
    const boss = await buildAdmin(db(), { ticketAccess: 'own' });
    callers.push({
      name: 'admin with access own and no group',
      accountId: boss.accountId,
      token: await signIn(t.app, boss.email, defaultPassword),
      viewer: { accountId: boss.accountId, userType: 'admin', ticketAccess: 'own', groupIds: [] },
    });

    const byName = (name: string) => callers.find((c) => c.name === name)?.accountId as number;
    const ownAlone = byName('agent own, groups none, default Agent role');
    const groupsG1 = byName('agent groups, groups g1, ticket page only');
    const outsider = (await buildAgent(db())).accountId;
    const ticketSpecs = {
      'unassigned, no group': { assigneeId: null, groupId: null },
      'unassigned in g1': { assigneeId: null, groupId: g1 },
      'unassigned in g2': { assigneeId: null, groupId: g2 },
      'an outsider in g1': { assigneeId: outsider, groupId: g1 },
      'an outsider, no group': { assigneeId: outsider, groupId: null },
      'the own/none agent, no group': { assigneeId: ownAlone, groupId: null },
      'the groups/g1 agent, in g2': { assigneeId: groupsG1, groupId: g2 },
    };
    const tickets: Array<{ id: number; name: string; assigneeId: number | null; groupId: number | null }> = [];
    for (const [name, spec] of Object.entries(ticketSpecs)) {
      const { ticketId } = await buildTicket(db(), { ...spec, tags: [tag] });
      tickets.push({ id: ticketId, name, ...spec });
    }

    const seen: Record<string, string[]> = {};
    for (const caller of callers) {
      const byPolicy = tickets.filter((x) => maySeeTicket(caller.viewer, x)).map((x) => x.name);
      const list = await api(ticketOps.list, { tag, limit: 100 }, caller.token);
      expect(list.code, caller.name).toBe('0000');
      const listed = new Set(list.data.list.map((row) => row.ticket_id));
      const byList = tickets.filter((x) => listed.has(x.id)).map((x) => x.name);
      const byPage: string[] = [];
      for (const x of tickets) {
        const page = await api(ticketOps.get, { ticket_id: x.id }, caller.token);
        if (page.code === '0000') {
          byPage.push(x.name);
        }
      }
      expect({ caller: caller.name, byList, byPage }).toEqual({
        caller: caller.name,
        byList: byPolicy,
        byPage: byPolicy,
      });
      expect(list.data.total, caller.name).toBe(byPolicy.length);
      seen[caller.name] = byPolicy;
    }

    // The table is not trivial: what a few callers see, written out.
    const all = Object.keys(ticketSpecs);
    expect(seen['admin with access own and no group']).toEqual(all);
    expect(seen['agent all, groups none, ticket page only']).toEqual(all);
    expect(seen['agent own, groups none, default Agent role']).toEqual(['the own/none agent, no group']);
    expect(seen['agent own, groups g1+g2, default Agent role']).toEqual([]);
    expect(seen['agent groups, groups none, default Agent role']).toEqual([]);
    expect(seen['agent groups, groups g1, ticket page only']).toEqual([
      'unassigned in g1',
      'an outsider in g1',
      'the groups/g1 agent, in g2',
    ]);
    expect(seen['agent groups, groups g1+g2, default Agent role']).toEqual([
      'unassigned in g1',
      'unassigned in g2',
      'an outsider in g1',
      'the groups/g1 agent, in g2',
    ]);
  }, 180_000);
});
