import type { ZCompanyAddRequest, ZCompanyEditRequest } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { company } from '../../db/schema/index.js';
import { invalid, invalidWith, notFound } from '../../http/app-error.js';
import { presentCompany } from './company.presenter.js';
import { findCompany, findDomainHolder, joinByDomains, listCompanies, lockDomains, nameTaken } from './company.repo.js';

type AddInput = z.output<typeof ZCompanyAddRequest>;
type EditInput = z.output<typeof ZCompanyEditRequest>;

export async function companyList(db: DbOrTx, input: { kw?: string | undefined; offset: number; limit: number }) {
  const { rows, total } = await listCompanies(db, input);
  return { list: rows.map(presentCompany), total };
}

export async function companyGet(db: DbOrTx, companyId: number) {
  const row = await findCompany(db, companyId);
  if (!row) {
    throw notFound();
  }
  return presentCompany(row);
}

/**
 * A domain belongs to at most one organization (new end users of that domain join it), and a name
 * to one (pickers and lists show organizations by name only).
 */
async function assertFree(tx: DbOrTx, name: string, domains: string[] | undefined, exceptCompanyId: number | null) {
  if (await nameTaken(tx, name, exceptCompanyId)) {
    throw invalid('company_exists', 'company_name');
  }
  const holder = domains ? await findDomainHolder(tx, domains, exceptCompanyId) : null;
  if (holder) {
    throw invalidWith('domain_taken', 'company_domains', { domain: holder.domain, company: holder.companyName });
  }
}

/**
 * People who wrote before their organization had their domain join it now (new ones join on
 * arrival). Signed-in members' cached accounts carry the old (no) organization: caches forget.
 */
async function joinNewDomains(
  tx: DbOrTx,
  authCache: AppContext['authCache'],
  companyId: number,
  domains: string[],
  now: number,
) {
  if ((await joinByDomains(tx, companyId, domains, now)) > 0) {
    await authCache.changed(tx, '*');
  }
}

export async function companyAdd({ db, authCache }: AppContext, input: AddInput) {
  return db.transaction(async (tx) => {
    await lockDomains(tx);
    await assertFree(tx, input.company_name, input.company_domains, null);
    const now = Date.now();
    const [row] = await tx
      .insert(company)
      .values({
        companyName: input.company_name,
        companyDomains: input.company_domains,
        note: input.note,
        createTs: now,
        updateTs: now,
      })
      .returning({ companyId: company.companyId });
    const companyId = row?.companyId as number;
    await joinNewDomains(tx, authCache, companyId, input.company_domains ?? [], now);
    return { company_id: companyId };
  });
}

export async function companyEdit({ db, authCache }: AppContext, input: EditInput) {
  await db.transaction(async (tx) => {
    await lockDomains(tx);
    const before = await findCompany(tx, input.company_id);
    if (!before) {
      throw notFound();
    }
    const now = Date.now();
    await assertFree(tx, input.company_name, input.company_domains, input.company_id);
    await tx
      .update(company)
      .set({
        companyName: input.company_name,
        ...(input.company_domains ? { companyDomains: input.company_domains } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        updateTs: now,
      })
      .where(eq(company.companyId, input.company_id));
    // Only the added domains: someone an admin took out of the organization is not put back by
    // an edit of its name or note.
    const added = (input.company_domains ?? []).filter((d) => !before.companyDomains.includes(d));
    await joinNewDomains(tx, authCache, input.company_id, added, now);
  });
}

/**
 * Members stay, without an organization: the foreign key is ON DELETE SET NULL. Signed-in
 * members' cached accounts carry the old id, so every cache forgets.
 */
export async function companyDelete({ db, authCache }: AppContext, companyId: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(company)
      .where(eq(company.companyId, companyId))
      .returning({ companyId: company.companyId });
    if (!deleted[0]) {
      throw notFound();
    }
    await authCache.changed(tx, '*');
  });
}
