import type { TUserType } from '@parley/contracts';
import { and, asc, count, desc, eq, getTableColumns, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import {
  account,
  accountRole,
  accountSearch,
  accountVisit,
  agentGroup,
  groupAccount,
  role,
} from '../../db/schema/index.js';
import { timezoneInForce } from '../account-setting/account-setting.repo.js';
import { likeOf, toCount } from '../search/search.js';

const roleIds = sql<
  number[]
>`ARRAY(SELECT ar.role_id FROM account_role ar WHERE ar.account_id = "account"."account_id" ORDER BY 1)`;
const groupIds = sql<
  number[]
>`ARRAY(SELECT ga.group_id FROM group_account ga WHERE ga.account_id = "account"."account_id" ORDER BY 1)`;

export interface AccountFilter {
  user_type?: TUserType | undefined;
  company_id?: number | undefined;
  kw?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * Filters and counts on the narrow `account_search` table (kept by a trigger), then loads the
 * page's accounts by id: see bench/people.ts for why.
 */
export async function listAccounts(db: DbOrTx, input: AccountFilter) {
  const filters: SQL[] = [];
  if (input.user_type) {
    filters.push(eq(accountSearch.userType, input.user_type));
  }
  if (input.company_id) {
    filters.push(eq(accountSearch.companyId, input.company_id));
  }
  if (input.kw) {
    filters.push(like(accountSearch.searchText, likeOf(input.kw.toLowerCase())));
  }
  const where = filters.length ? and(...filters) : undefined;
  const [ids, totals] = await Promise.all([
    db
      .select({ id: accountSearch.accountId })
      .from(accountSearch)
      .where(where)
      .orderBy(desc(accountSearch.accountId))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(accountSearch).where(where),
  ]);
  const rows = ids.length
    ? await db
        .select({ ...getTableColumns(account), roleIds, groupIds, timezoneInForce })
        .from(account)
        .where(
          inArray(
            account.accountId,
            ids.map((r) => r.id),
          ),
        )
        .orderBy(desc(account.accountId))
    : [];
  return { rows, total: toCount(totals) };
}

export async function emailTaken(db: DbOrTx, email: string, exceptAccountId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: account.accountId })
    .from(account)
    .where(and(eq(account.email, email), exceptAccountId ? ne(account.accountId, exceptAccountId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Admins that can still sign in, other than this one; their rows stay locked until commit. */
export async function otherActiveAdmins(tx: DbOrTx, exceptAccountId: number): Promise<number> {
  const rows = await tx
    .select({ id: account.accountId })
    .from(account)
    .where(and(eq(account.userType, 'admin'), eq(account.accessState, 'allowed')))
    .for('update');
  return rows.filter((r) => r.id !== exceptAccountId).length;
}

export async function existingIds(db: DbOrTx, table: 'role' | 'group' | 'staff', ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return true;
  }
  let found: unknown[];
  if (table === 'role') {
    found = await db.select({ id: role.roleId }).from(role).where(inArray(role.roleId, unique));
  } else if (table === 'group') {
    found = await db.select({ id: agentGroup.groupId }).from(agentGroup).where(inArray(agentGroup.groupId, unique));
  } else {
    found = await db
      .select({ id: account.accountId })
      .from(account)
      .where(and(inArray(account.accountId, unique), inArray(account.userType, ['admin', 'agent'])));
  }
  return found.length === unique.length;
}

export async function defaultRoleId(db: DbOrTx): Promise<number | null> {
  const rows = await db.select({ id: role.roleId }).from(role).where(eq(role.isDefault, true)).limit(1);
  return rows[0]?.id ?? null;
}

export async function defaultGroupId(db: DbOrTx): Promise<number | null> {
  // Every new ticket asks: a template, not the query builder (db/rows.ts).
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT group_id AS id FROM agent_group WHERE is_default LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

export async function setAccountRoles(tx: DbOrTx, accountId: number, ids: number[]) {
  await tx.delete(accountRole).where(eq(accountRole.accountId, accountId));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await tx.insert(accountRole).values(unique.map((roleId) => ({ accountId, roleId })));
  }
}

export async function setAccountGroups(tx: DbOrTx, accountId: number, ids: number[]) {
  await tx.delete(groupAccount).where(eq(groupAccount.accountId, accountId));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await tx.insert(groupAccount).values(unique.map((groupId) => ({ accountId, groupId })));
  }
}

export async function listVisits(db: DbOrTx, accountId: number, offset: number, limit: number) {
  const where = eq(accountVisit.accountId, accountId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(accountVisit)
      .where(where)
      .orderBy(desc(accountVisit.createTs), desc(accountVisit.visitId))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(accountVisit).where(where),
  ]);
  return { rows, total: toCount(totals) };
}

/** Agents (and admins with `needAdmin`) that may sign in, and suspended ones too with `needSuspended`. */
export async function listAgents(db: DbOrTx, needAdmin: boolean, needSuspended = false) {
  return db
    .select({
      accountId: account.accountId,
      email: account.email,
      realName: account.realName,
      aliasName: account.aliasName,
      avatar: account.avatar,
      userType: account.userType,
      chatState: account.chatState,
      toolAccess: account.toolAccess,
      accessState: account.accessState,
      groupIds,
    })
    .from(account)
    .where(
      and(
        inArray(account.userType, needAdmin ? ['agent', 'admin'] : ['agent']),
        needSuspended ? undefined : eq(account.accessState, 'allowed'),
      ),
    )
    .orderBy(asc(account.realName), asc(account.accountId));
}
