import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { queryRows } from '../../db/rows.js';
import { account, company } from '../../db/schema/index.js';
import { likeOf, toCount } from '../search/search.js';

export async function listCompanies(db: DbOrTx, input: { kw?: string | undefined; offset: number; limit: number }) {
  let where: SQL | undefined;
  if (input.kw) {
    // Part of the name (trigram index), or one whole domain (GIN index on the array).
    where = or(
      ilike(company.companyName, likeOf(input.kw)),
      arrayContains(company.companyDomains, [input.kw.toLowerCase().replace(/^@/, '')]),
    );
  }
  const [rows, totals] = await Promise.all([
    db.select().from(company).where(where).orderBy(desc(company.companyId)).offset(input.offset).limit(input.limit),
    db.select({ n: count() }).from(company).where(where),
  ]);
  return { rows, total: toCount(totals) };
}

export async function findCompany(db: DbOrTx, companyId: number) {
  const rows = await db.select().from(company).where(eq(company.companyId, companyId)).limit(1);
  return rows[0] ?? null;
}

/** Another organization already holding one of these domains, with the first such domain. */
export async function findDomainHolder(db: DbOrTx, domains: string[], exceptCompanyId: number | null) {
  if (domains.length === 0) {
    return null;
  }
  const rows = await db
    .select({ companyName: company.companyName, companyDomains: company.companyDomains })
    .from(company)
    .where(
      and(
        arrayOverlaps(company.companyDomains, domains),
        exceptCompanyId ? ne(company.companyId, exceptCompanyId) : undefined,
      ),
    )
    .orderBy(asc(company.companyId))
    .limit(1);
  const holder = rows[0];
  if (!holder) {
    return null;
  }
  const domain = domains.find((d) => holder.companyDomains.includes(d)) as string;
  return { companyName: holder.companyName, domain };
}

/** The domain of an email, in SQL: what follows its last `@`, lower case (null without one). */
const domainOf = (email: SQL) => sql`lower(substring(${email} from '@([^@]*)$'))`;

/**
 * The organization whose domains hold an email's domain (null: none), in SQL: the one mapping of
 * an address to its organization, for a new end user and for one joining later (a domain has one
 * owner: lockDomains).
 */
const domainCompanyOf = (email: SQL) =>
  sql`(SELECT c.company_id FROM company c WHERE c.company_domains @> ARRAY[${domainOf(email)}] LIMIT 1)`;

/** The organization whose domains hold this email's domain. */
export async function companyIdForEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(db, sql`SELECT ${domainCompanyOf(sql`${email}::text`)} AS id`);
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/**
 * An end user without an organization joins the one whose domains hold their email's domain
 * (they may have written before it was added): their organization after this, or null. Someone
 * already in an organization stays where they are, and staff are never joined.
 */
export async function joinDomainCompany(db: DbOrTx, accountId: number, now: number): Promise<number | null> {
  const companyOfAccount = domainCompanyOf(sql`account.email`);
  const rows = await queryRows<{ company_id: number }>(
    db,
    sql`UPDATE account SET company_id = ${companyOfAccount}, update_ts = ${now}
        WHERE account.account_id = ${accountId} AND account.company_id IS NULL AND account.user_type = 'end_user'
          AND ${companyOfAccount} IS NOT NULL
        RETURNING account.company_id`,
  );
  return rows[0] ? Number(rows[0].company_id) : null;
}

/**
 * An organization given `domains` (added, or edited to hold more): every end user of those
 * domains without an organization joins it, in one statement. Members of another organization
 * stay; removing a domain later removes nobody. Answers how many joined.
 */
export async function joinByDomains(db: DbOrTx, companyId: number, domains: string[], now: number): Promise<number> {
  if (domains.length === 0) {
    return 0;
  }
  const rows = await db
    .update(account)
    .set({ companyId, updateTs: now })
    .where(
      and(
        isNull(account.companyId),
        eq(account.userType, 'end_user'),
        inArray(domainOf(sql`${account.email}`), domains),
      ),
    )
    .returning({ accountId: account.accountId });
  return rows.length;
}

/** Another organization of this name, case and surrounding spaces aside. */
export async function nameTaken(db: DbOrTx, name: string, exceptCompanyId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: company.companyId })
    .from(company)
    .where(
      and(
        sql`lower(btrim(${company.companyName})) = lower(btrim(${name}))`,
        exceptCompanyId === null ? undefined : ne(company.companyId, exceptCompanyId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Serialises organization writes: the checks "no other organization holds this name or domain" and the write are one step. */
export const lockDomains = (db: DbOrTx) => lockForTransaction(db, 'companyDomains');
