import type { TRole, ZRoleAddRequest, ZRoleEditRequest, ZRoleListRequest } from '@parley/contracts';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActorContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { refuseTakenName } from '../../db/names.js';
import { accountRole, authPkg, role, rolePkg } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';
import { existingIds } from '../account/account.repo.js';
import { grantGuard, roleMembers } from '../privilege/privilege.js';
import { likeOf, toCount } from '../search/search.js';

const pkgIds = sql<number[]>`ARRAY(SELECT rp.pkg_id FROM role_pkg rp WHERE rp.role_id = "role"."role_id" ORDER BY 1)`;
const accountIds = sql<
  number[]
>`ARRAY(SELECT ar.account_id FROM account_role ar WHERE ar.role_id = "role"."role_id" ORDER BY 1)`;

const base = {
  roleId: role.roleId,
  roleName: role.roleName,
  remark: role.remark,
  roleState: role.roleState,
  isDefault: role.isDefault,
  createTs: role.createTs,
  updateTs: role.updateTs,
  pkgIds,
};

type RoleRow = Omit<typeof role.$inferSelect, never> & { pkgIds: number[]; accountIds?: number[] };

const present = (r: RoleRow): TRole => ({
  role_id: r.roleId,
  role_name: r.roleName,
  remark: r.remark,
  role_state: r.roleState as TRole['role_state'],
  is_default: r.isDefault,
  auth_pkg_ids: r.pkgIds,
  ...(r.accountIds ? { account_ids: r.accountIds } : {}),
  create_ts: r.createTs,
  update_ts: r.updateTs,
});

export async function roleList(db: DbOrTx, input: z.output<typeof ZRoleListRequest>) {
  const filters: SQL[] = [eq(role.roleState, input.role_state)];
  if (input.kw) {
    filters.push(ilike(role.roleName, likeOf(input.kw)));
  }
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db
      .select(input.need_account ? { ...base, accountIds } : base)
      .from(role)
      .where(where)
      .orderBy(desc(role.isDefault), role.roleName, role.roleId)
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(role).where(where),
  ]);
  return { list: (rows as RoleRow[]).map(present), total: toCount(totals) };
}

export async function roleGet(db: DbOrTx, roleId: number) {
  const rows = await db
    .select({ ...base, accountIds })
    .from(role)
    .where(eq(role.roleId, roleId))
    .limit(1);
  if (!rows[0]) {
    throw notFound();
  }
  return present(rows[0]);
}

async function setLinks(tx: DbOrTx, roleId: number, input: { account_ids?: number[]; auth_pkg_ids?: number[] }) {
  if (input.auth_pkg_ids) {
    const unique = [...new Set(input.auth_pkg_ids)];
    const found = unique.length
      ? await tx.select({ id: authPkg.pkgId }).from(authPkg).where(inArray(authPkg.pkgId, unique))
      : [];
    if (found.length !== unique.length) {
      throw invalid('field_invalid', 'auth_pkg_ids');
    }
    await tx.delete(rolePkg).where(eq(rolePkg.roleId, roleId));
    if (unique.length) {
      await tx.insert(rolePkg).values(unique.map((pkgId) => ({ roleId, pkgId })));
    }
  }
  if (input.account_ids) {
    if (!(await existingIds(tx, 'staff', input.account_ids))) {
      throw invalid('members_must_be_staff', 'account_ids');
    }
    const unique = [...new Set(input.account_ids)];
    await tx.delete(accountRole).where(eq(accountRole.roleId, roleId));
    if (unique.length) {
      await tx.insert(accountRole).values(unique.map((accountId) => ({ roleId, accountId })));
    }
  }
}

type Ctx = ActorContext;

/** New agents get the default role: it stays active (and would stay, were roles deleted). */
async function refuseDefaultRole(tx: DbOrTx, roleId: number) {
  const rows = await tx.select({ isDefault: role.isDefault }).from(role).where(eq(role.roleId, roleId));
  if (rows[0]?.isDefault) {
    throw invalid('default_role_kept', 'role_state');
  }
}

export async function roleAdd({ db, authCache, actor }: Ctx, input: z.output<typeof ZRoleAddRequest>) {
  return db.transaction(async (tx) => {
    const guard = await grantGuard(tx, actor.account, input.account_ids ?? []);
    await refuseTakenName(tx, 'role', input.role_name);
    const now = Date.now();
    const [row] = await tx
      .insert(role)
      .values({ roleName: input.role_name, remark: input.remark, createTs: now, updateTs: now })
      .returning({ roleId: role.roleId });
    const roleId = row?.roleId as number;
    await setLinks(tx, roleId, input);
    await guard.check();
    await authCache.changed(tx, '*');
    return { role_id: roleId };
  });
}

/** A permission change applies at each member's next call: every process forgets its grants. */
export async function roleEdit({ db, authCache, actor }: Ctx, input: z.output<typeof ZRoleEditRequest>) {
  await db.transaction(async (tx) => {
    const members = await roleMembers(tx, [input.role_id]);
    const guard = await grantGuard(tx, actor.account, [...members, ...(input.account_ids ?? [])]);
    await refuseTakenName(tx, 'role', input.role_name, input.role_id);
    const updated = await tx
      .update(role)
      .set({
        roleName: input.role_name,
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        updateTs: Date.now(),
      })
      .where(eq(role.roleId, input.role_id))
      .returning({ roleId: role.roleId });
    if (!updated[0]) {
      throw notFound();
    }
    await setLinks(tx, input.role_id, input);
    await guard.check();
    await authCache.changed(tx, '*');
  });
}

export async function roleStateEdit(
  { db, authCache, actor }: Ctx,
  input: { role_id: number; role_state: 'active' | 'inactive' },
) {
  await db.transaction(async (tx) => {
    const guard = await grantGuard(tx, actor.account, await roleMembers(tx, [input.role_id]));
    if (input.role_state === 'inactive') {
      await refuseDefaultRole(tx, input.role_id);
    }
    const updated = await tx
      .update(role)
      .set({ roleState: input.role_state, updateTs: Date.now() })
      .where(eq(role.roleId, input.role_id))
      .returning({ roleId: role.roleId });
    if (!updated[0]) {
      throw notFound();
    }
    await guard.check();
    await authCache.changed(tx, '*');
  });
}
