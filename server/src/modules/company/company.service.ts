import type { ZCompanyAddRequest, ZCompanyEditRequest } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { company } from '../../db/schema/index.js';
import { invalid, invalidWith, notFound } from '../../http/app-error.js';
import { presentCompany } from './company.presenter.js';
import { findCompany, findDomainHolder, listCompanies, lockDomains, nameTaken } from './company.repo.js';

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

export async function companyAdd({ db }: AppContext, input: AddInput) {
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
    return { company_id: row?.companyId as number };
  });
}

export async function companyEdit({ db }: AppContext, input: EditInput) {
  await db.transaction(async (tx) => {
    await lockDomains(tx);
    if (!(await findCompany(tx, input.company_id))) {
      throw notFound();
    }
    await assertFree(tx, input.company_name, input.company_domains, input.company_id);
    await tx
      .update(company)
      .set({
        companyName: input.company_name,
        ...(input.company_domains ? { companyDomains: input.company_domains } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        updateTs: Date.now(),
      })
      .where(eq(company.companyId, input.company_id));
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
