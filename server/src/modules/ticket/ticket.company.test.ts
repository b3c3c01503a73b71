import { accountOps, homeOps, ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { randomIp, startChat } from '../../../test/chat-kit.js';
import { buildAgent, buildCompany, buildEndUser, uniqueDomain } from '../../../test/factories.js';
import { api, setUpApp, t } from '../../../test/kit.js';

setUpApp({ ticketDefaults: true });

/**
 * A person who wrote before their organization had their domain (an organization added before
 * people were joined on add, or someone whose organization was deleted and made again).
 */
async function unjoinedPerson() {
  const domain = uniqueDomain('newco');
  const person = await buildEndUser(t.database.db, { email: `zhang1@${domain}` });
  const company = await buildCompany(t.database.db, { companyDomains: [domain] });
  return { person, company, domain };
}

/** What an agent sees: the ticket's organization, the person's, and the organization's tickets. */
async function seen(ticketId: number, accountId: number, companyId: number) {
  const got = await api(ticketOps.get, { ticket_id: ticketId });
  const who = await api(accountOps.get, { account_id: accountId });
  const listed = await api(ticketOps.list, { company_id: companyId });
  return {
    ticket: got.data.company_id,
    person: who.data.company_id,
    listed: listed.data.list.map((r) => r.ticket_id).includes(ticketId),
  };
}

describe('a requester without an organization joins the one of their domain when a ticket arrives', () => {
  it('from the public form', async () => {
    const { person, company } = await unjoinedPerson();
    const res = await callOp(
      t.app,
      homeOps.ticketAdd,
      { email: person.email, real_name: 'Zhang', subject: 'Printer', description: 'It jams' },
      { headers: { 'x-forwarded-for': randomIp() } },
    );
    expect(res.code).toBe('0000');
    const c = company.companyId;
    expect(await seen(res.data.ticket_id, person.accountId, c)).toEqual({ ticket: c, person: c, listed: true });
  });

  it("from an agent's new ticket for them", async () => {
    const { person, company } = await unjoinedPerson();
    const res = await api(ticketOps.add, {
      requester_id: person.accountId,
      subject: 'Called in',
      comment: { body: 'On the phone' },
    });
    expect(res.code).toBe('0000');
    const c = company.companyId;
    expect(await seen(res.data.ticket_id, person.accountId, c)).toEqual({ ticket: c, person: c, listed: true });
  });

  it('from a chat', async () => {
    const { person, company } = await unjoinedPerson();
    const chat = await startChat(t, { email: person.email, real_name: 'Zhang' });
    const c = company.companyId;
    expect(await seen(chat.ticket_id, person.accountId, c)).toEqual({ ticket: c, person: c, listed: true });
  });

  it('never moves someone out of another organization, and never joins staff', async () => {
    const { domain, company } = await unjoinedPerson();
    const other = await buildCompany(t.database.db);
    const member = await buildEndUser(t.database.db, { email: `member@${domain}`, companyId: other.companyId });
    const staff = await buildAgent(t.database.db, { email: `agent@${domain}` });
    for (const who of [member, staff]) {
      const res = await api(ticketOps.add, { requester_id: who.accountId, subject: 'x', comment: { body: 'y' } });
      const got = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
      expect(got.data.company_id).toBe(who.companyId);
      expect((await api(accountOps.get, { account_id: who.accountId })).data.company_id).toBe(who.companyId);
    }
    const listed = await api(ticketOps.list, { company_id: company.companyId });
    expect(listed.data.total).toBe(0);
  });
});
