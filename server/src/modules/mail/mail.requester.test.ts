import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompany, buildEndUser, uniqueDomain } from '../../../test/factories.js';
import { db } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const { customer, rawMail, fetchNow, ticketOf: ticketOfMessage, inboxOf, support } = setUpMailTests();

describe('mail in: who the requester is', () => {
  it('joins a sender who wrote before their organization had their domain to it, with the new ticket', async () => {
    const domain = uniqueDomain('newco');
    const zhang = await buildEndUser(db(), { email: `zhang1@${domain}` });
    const company = await buildCompany(db(), { companyDomains: [domain] });
    const mail = rawMail({ from: `Zhang <${zhang.email}>`, subject: 'Invoice copy' });
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOfMessage(mail.messageId));
    const [row] = await queryRows<{ ticket_company: number; person_company: number }>(
      db(),
      sql`SELECT t.company_id AS ticket_company, a.company_id AS person_company
          FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${ticketId}`,
    );
    expect(row).toEqual({ ticket_company: company.companyId, person_company: company.companyId });
  });

  it('takes the Reply-To of a mail sent for someone (a web shop’s contact form) as the requester, and answers there', async () => {
    const kim = customer('kim');
    const shop = customer('noreply-shop');
    const mail = rawMail({
      from: `Webform <${shop}>`,
      subject: 'Contact form: refund please',
      headers: [`Reply-To: Kim Customer <${kim}>`],
    });
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOfMessage(mail.messageId));
    const [row] = await queryRows<{ email: string; real_name: string }>(
      db(),
      sql`SELECT a.email, a.real_name FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${ticketId}`,
    );
    expect(row).toEqual({ email: kim, real_name: 'Kim Customer' });
    expect((await inboxOf(kim)).map((m) => m.parsed.subject)).toEqual([`[#${ticketId}] Contact form: refund please`]);
    expect(await inboxOf(shop)).toEqual([]);
  });
});
