import { accountOps, companyOps, homeOps, type TOpInput, ticketOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { buildAgent, buildCompany, buildEndUser, uniqueDomain } from '../../../test/factories.js';
import { admin, api, setUpApp, t } from '../../../test/kit.js';
import { account, company } from '../../db/schema/index.js';

setUpApp();

const add = (body: TOpInput<typeof companyOps.add>, lang?: string) =>
  callOp(t.app, companyOps.add, body, { token: admin, ...(lang ? { lang } : {}) });
const get = (company_id: number) => api(companyOps.get, { company_id });
const countNamed = async (name: string) =>
  (await t.database.db.select().from(company).where(eq(company.companyName, name))).length;

describe('company.add / company.get', () => {
  it('splits, trims, lower-cases and dedupes a comma string of domains', async () => {
    const d = uniqueDomain();
    const res = await add({
      company_name: ' Acme ',
      company_domains: ` ${d.toUpperCase()}, @${d} ,, other-${d}`,
      note: 'n',
    });
    expect(res.code).toBe('0000');
    expect(res.msg).toBe('Successfully saved');
    const got = await get(res.data.company_id);
    expect(got.data).toMatchObject({ company_name: 'Acme', company_domains: [d, `other-${d}`], note: 'n' });
  });

  it('accepts the domains as a list too', async () => {
    const d = uniqueDomain();
    const res = await add({ company_name: 'List Co', company_domains: [d, ` ${d} `] });
    expect((await get(res.data.company_id)).data.company_domains).toEqual([d]);
  });

  it('requires a name with the spec message, in both languages, and writes nothing', async () => {
    const en = await add({ company_name: '   ', company_domains: uniqueDomain() });
    expect([en.status, en.code, en.msg]).toEqual([400, 'FFFF', 'Organization name is required']);
    expect(en.data).toEqual({ fields: { company_name: 'Organization name is required' } });
    // Outside the contract's types: no name at all.
    const zh = await callOp(t.app, companyOps.add, {} as TOpInput<typeof companyOps.add>, {
      token: admin,
      lang: 'zh-cn',
    });
    expect(zh.msg).toBe('请输入组织名称');
  });

  it('refuses a malformed domain, naming the entry', async () => {
    const name = `Bad domain ${Date.now()}`;
    const res = await add({ company_name: name, company_domains: 'good.com, not a domain' });
    expect(res.code).toBe('FFFF');
    expect(res.msg).toBe('Incorrect domain format');
    expect(Object.keys(res.fields)[0]).toMatch(/^company_domains\./);
    expect(await countNamed(name)).toBe(0);
  });

  it('answers 0404 for an unknown organization', async () => {
    expect((await get(99_999_999)).code).toBe('0404');
  });
});

describe('a domain belongs to at most one organization', () => {
  it('refuses a taken domain on add, naming the domain and its organization, and writes nothing', async () => {
    const d = uniqueDomain('taken');
    const holder = await add({ company_name: 'Holder Inc', company_domains: [d] });
    expect(holder.code).toBe('0000');
    const name = `Intruder ${Date.now()}`;
    const res = await add({ company_name: name, company_domains: ['free-one.org', d.toUpperCase()] });
    expect(res.code).toBe('FFFF');
    expect(res.msg).toBe(`The domain ${d} already belongs to Holder Inc`);
    expect(res.fields).toEqual({ company_domains: `The domain ${d} already belongs to Holder Inc` });
    expect(await countNamed(name)).toBe(0);
    const zh = await add({ company_name: name, company_domains: [d] }, 'zh-cn');
    expect(zh.msg).toBe(`域名 ${d} 已属于 Holder Inc`);
  });

  it('refuses a taken domain on edit and keeps the old values; an organization may keep its own', async () => {
    const d1 = uniqueDomain();
    const d2 = uniqueDomain();
    const first = await buildCompany(t.database.db, { companyName: 'First', companyDomains: [d1] });
    const second = await buildCompany(t.database.db, { companyName: 'Second', companyDomains: [d2] });
    const edit = (body: TOpInput<typeof companyOps.edit>) => api(companyOps.edit, body);
    const res = await edit({ company_id: second.companyId, company_name: 'Second renamed', company_domains: [d2, d1] });
    expect(res.code).toBe('FFFF');
    expect(res.msg).toBe(`The domain ${d1} already belongs to First`);
    expect((await get(second.companyId)).data).toMatchObject({ company_name: 'Second', company_domains: [d2] });
    const ok = await edit({ company_id: first.companyId, company_name: 'First renamed', company_domains: `${d1}` });
    expect(ok.code).toBe('0000');
    expect((await get(first.companyId)).data).toMatchObject({ company_name: 'First renamed', note: '' });
    expect((await edit({ company_id: 99_999_999, company_name: 'x' })).code).toBe('0404');
  });

  it('refuses a second organization of the same name, case and spaces aside, on add and edit', async () => {
    const name = `Twin Corp ${Date.now()}`;
    expect((await add({ company_name: name })).code).toBe('0000');
    const again = await add({ company_name: `  ${name.toUpperCase()} ` });
    expect(again).toMatchObject({
      code: 'FFFF',
      fields: { company_name: 'An organization of this name exists already' },
    });
    expect((await add({ company_name: name.toLowerCase() }, 'zh-cn')).msg).toBe('已有同名组织');
    expect(await countNamed(name)).toBe(1);
    const other = await add({ company_name: `${name} Two` });
    const edit = (body: TOpInput<typeof companyOps.edit>) => api(companyOps.edit, body);
    const renamed = await edit({ company_id: other.data.company_id, company_name: name.toLowerCase() });
    expect(renamed.code).toBe('FFFF');
    expect((await get(other.data.company_id)).data).toMatchObject({ company_name: `${name} Two` });
    // Its own name, written differently, is no conflict.
    expect((await edit({ company_id: other.data.company_id, company_name: `${name} TWO` })).code).toBe('0000');
  });

  it('lets only one of two simultaneous adds take a domain', async () => {
    const d = uniqueDomain('race');
    const results = await Promise.all([
      add({ company_name: 'Racer A', company_domains: [d] }),
      add({ company_name: 'Racer B', company_domains: [d] }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual(['0000', 'FFFF']);
  });
});

describe('people of its domains who wrote before the organization join it', () => {
  const companyOf = async (accountId: number) => (await api(accountOps.get, { account_id: accountId })).data.company_id;

  it('on add: an earlier end user joins, and their next ticket from the form is among its tickets', async () => {
    const d = uniqueDomain('newco1');
    const made = await api(accountOps.add, { email: `zhang1@${d}`, real_name: 'Zhang San', user_type: 'end_user' });
    expect(made.code).toBe('0000');
    const zhang = made.data.account_id;
    const other = await buildCompany(t.database.db);
    const elsewhere = await buildEndUser(t.database.db, { email: `li@${d}`, companyId: other.companyId });
    const staff = await buildAgent(t.database.db, { email: `agent@${d}` });
    const stranger = await buildEndUser(t.database.db, { email: `wang@not-${d}` });
    const res = await add({ company_name: `Newco ${d}`, company_domains: [d] });
    const c = res.data.company_id;
    expect(await companyOf(zhang)).toBe(c);
    // Someone of another organization stays there; staff and other domains are not joined.
    expect(await companyOf(elsewhere.accountId)).toBe(other.companyId);
    expect(await companyOf(staff.accountId)).toBeNull();
    expect(await companyOf(stranger.accountId)).toBeNull();
    const members = await api(accountOps.list, { company_id: c });
    expect(members.data.list.map((a) => a.account_id)).toEqual([zhang]);

    const sent = await callOp(
      t.app,
      homeOps.ticketAdd,
      { email: `zhang1@${d}`, real_name: 'Zhang San', subject: 'Printer', description: 'It jams' },
      { headers: { 'x-forwarded-for': '10.9.9.9' } },
    );
    const tickets = await api(ticketOps.list, { company_id: c });
    expect(tickets.data.list.map((r) => r.ticket_id)).toEqual([sent.data.ticket_id]);
  });

  it('on edit: the people of an added domain join; removing a domain removes nobody; other edits put nobody back', async () => {
    const d1 = uniqueDomain();
    const d2 = uniqueDomain();
    const c = await buildCompany(t.database.db, { companyName: `Edited ${d1}`, companyDomains: [d1] });
    const early = await buildEndUser(t.database.db, { email: `early@${d2}` });
    const edit = (body: TOpInput<typeof companyOps.edit>) => api(companyOps.edit, body);
    expect((await edit({ company_id: c.companyId, company_name: c.companyName, company_domains: [d1, d2] })).code).toBe(
      '0000',
    );
    expect(await companyOf(early.accountId)).toBe(c.companyId);
    // Removing the domain keeps its members (as deleting the organization keeps its people).
    await edit({ company_id: c.companyId, company_name: c.companyName, company_domains: [d1] });
    expect(await companyOf(early.accountId)).toBe(c.companyId);
    // Someone an admin took out stays out when the organization is renamed.
    const out = await buildEndUser(t.database.db, { email: `out@${d1}` });
    await edit({ company_id: c.companyId, company_name: `${c.companyName} renamed`, company_domains: [d1] });
    expect(await companyOf(out.accountId)).toBeNull();
  });
});

describe('the organization of an address', () => {
  it('is the same for a new end user, a new requester, one who wrote before it and one who writes again', async () => {
    const d = uniqueDomain('onemap');
    const fromForm = (email: string) =>
      callOp(
        t.app,
        homeOps.ticketAdd,
        { email, real_name: 'Someone', subject: 'Hello', description: 'Hi' },
        { headers: { 'x-forwarded-for': '10.9.9.8' } },
      );
    const idOf = async (email: string) =>
      (await t.database.db.select().from(account).where(eq(account.email, email.toLowerCase())))[0]?.accountId ?? 0;
    const companyOf = async (accountId: number) =>
      (await api(accountOps.get, { account_id: accountId })).data.company_id;

    expect((await fromForm(`before@${d}`)).code).toBe('0000');
    const c = (await add({ company_name: `One map ${d}`, company_domains: [d] })).data.company_id;
    expect(await companyOf(await idOf(`before@${d}`))).toBe(c);
    const made = await api(accountOps.add, { email: `Made@${d.toUpperCase()}`, real_name: 'M', user_type: 'end_user' });
    expect(await companyOf(made.data.account_id)).toBe(c);
    expect((await fromForm(`New.Person@${d.toUpperCase()}`)).code).toBe('0000');
    expect(await companyOf(await idOf(`new.person@${d}`))).toBe(c);
    // Stored without one (as before the domain was added): their next ticket joins them.
    const late = await buildEndUser(t.database.db, { email: `late@${d}` });
    expect(await companyOf(late.accountId)).toBeNull();
    await fromForm(`late@${d}`);
    expect(await companyOf(late.accountId)).toBe(c);
    expect((await fromForm(`someone@not-${d}`)).code).toBe('0000');
    expect(await companyOf(await idOf(`someone@not-${d}`))).toBeNull();
  });
});

describe('company.list', () => {
  it('finds by part of the name or a whole domain, with the total of all matches', async () => {
    const tag = `Zeta${Date.now()}`;
    const d = uniqueDomain('zeta');
    for (let i = 0; i < 3; i++) {
      await buildCompany(t.database.db, {
        companyName: `${tag} Branch ${i}`,
        ...(i === 0 ? { companyDomains: [d] } : {}),
      });
    }
    const page = await api(companyOps.list, { kw: tag.toLowerCase(), limit: 2 });
    expect(page.code).toBe('0000');
    const parsed = page.data;
    expect(parsed.total).toBe(3);
    expect(parsed.list).toHaveLength(2);
    expect(parsed.list[0]?.company_name).toBe(`${tag} Branch 2`);
    const byDomain = (await api(companyOps.list, { kw: d })).data;
    expect(byDomain.list.map((c) => c.company_name)).toEqual([`${tag} Branch 0`]);
  });

  it('takes a percent sign literally and refuses a limit over 100', async () => {
    const res = await api(companyOps.list, { kw: '%' });
    expect(res.data.total).toBe(0);
    const big = await api(companyOps.list, { limit: 101 });
    expect(big.code).toBe('FFFF');
  });
});

describe('company.delete', () => {
  it('keeps the members, without an organization', async () => {
    const c = await buildCompany(t.database.db);
    const member = await buildEndUser(t.database.db, { companyId: c.companyId });
    const res = await api(companyOps.delete, { company_id: c.companyId });
    expect([res.code, res.msg]).toEqual(['0000', 'Successfully deleted']);
    expect((await get(c.companyId)).code).toBe('0404');
    const [row] = await t.database.db.select().from(account).where(eq(account.accountId, member.accountId));
    expect(row?.companyId).toBeNull();
    const again = await api(companyOps.delete, { company_id: c.companyId });
    expect(again.code).toBe('0404');
  });
});
