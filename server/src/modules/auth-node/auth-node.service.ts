import type { TAuthPkg, TNodeKey, TNodeType } from '@parley/contracts';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { ActorContext, AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { authNode, authPkg, authPkgNode, role, rolePkg } from '../../db/schema/index.js';
import { invalid, invalidWith, notFound } from '../../http/app-error.js';
import { grantedNodeKeys } from '../auth/access-hook.js';
import type { Actor } from '../auth/actor.js';
import { grantGuard, pkgMembers } from '../privilege/privilege.js';
import { likeOf } from '../search/search.js';
import { allActiveNodes } from './permission.repo.js';

export async function authCheck(ctx: AppContext, actor: Actor, node: TNodeKey): Promise<boolean> {
  const { userType, accountId } = actor.account;
  if (userType === 'admin') {
    return true;
  }
  return userType === 'agent' && (await grantedNodeKeys(ctx, accountId)).has(`${node.node_type}:${node.node_value}`);
}

/** The caller's nodes; an admin holds every active node. */
export async function hasNodeList(ctx: AppContext, actor: Actor, types: TNodeType[]): Promise<TNodeKey[]> {
  const { userType, accountId } = actor.account;
  if (userType === 'admin') {
    return allActiveNodes(ctx.db, types);
  }
  if (userType !== 'agent') {
    return [];
  }
  const keys = await grantedNodeKeys(ctx, accountId);
  return [...keys]
    .map((key) => {
      const at = key.indexOf(':');
      return { node_type: key.slice(0, at) as TNodeType, node_value: key.slice(at + 1) };
    })
    .filter((n) => types.includes(n.node_type));
}

export async function nodeList(
  db: Db,
  input: { node_type?: TNodeType | undefined; kw?: string | undefined; offset: number; limit: number },
) {
  const filters: SQL[] = [];
  if (input.node_type) {
    filters.push(eq(authNode.nodeType, input.node_type));
  }
  if (input.kw) {
    filters.push(ilike(authNode.nodeTitle, likeOf(input.kw)));
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(authNode).where(where).orderBy(asc(authNode.nodeId)).offset(input.offset).limit(input.limit),
    db.select({ n: count() }).from(authNode).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      node_id: r.nodeId,
      node_type: r.nodeType as TNodeType,
      node_title: r.nodeTitle,
      node_value: r.nodeValue,
      node_state: r.nodeState as 'active' | 'inactive',
    })),
    total: Number(totals[0]?.n ?? 0),
  };
}

export async function nodeAdd(db: Db, input: { node_type: TNodeType; node_title: string; node_value: string }) {
  const inserted = await db
    .insert(authNode)
    .values({ nodeType: input.node_type, nodeTitle: input.node_title, nodeValue: input.node_value })
    .onConflictDoNothing()
    .returning({ nodeId: authNode.nodeId });
  if (!inserted[0]) {
    throw invalid('node_exists', 'node_value');
  }
  return { node_id: inserted[0].nodeId };
}

async function pkgNodeIds(db: DbOrTx, pkgIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(pkgIds.map((id) => [id, []]));
  if (pkgIds.length === 0) {
    return map;
  }
  const rows = await db
    .select()
    .from(authPkgNode)
    .where(inArray(authPkgNode.pkgId, pkgIds))
    .orderBy(asc(authPkgNode.nodeId));
  for (const r of rows) {
    map.get(r.pkgId)?.push(r.nodeId);
  }
  return map;
}

export async function pkgList(db: Db, input: { kw?: string | undefined; offset: number; limit: number }) {
  const where = input.kw ? ilike(authPkg.pkgTitle, likeOf(input.kw)) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(authPkg).where(where).orderBy(asc(authPkg.pkgId)).offset(input.offset).limit(input.limit),
    db.select({ n: count() }).from(authPkg).where(where),
  ]);
  const nodes = await pkgNodeIds(
    db,
    rows.map((r) => r.pkgId),
  );
  const list: TAuthPkg[] = rows.map((r) => ({
    pkg_id: r.pkgId,
    pkg_title: r.pkgTitle,
    node_ids: nodes.get(r.pkgId) ?? [],
  }));
  return { list, total: Number(totals[0]?.n ?? 0) };
}

async function assertNodesExist(db: DbOrTx, nodeIds: number[]): Promise<void> {
  if (nodeIds.length === 0) {
    return;
  }
  const found = await db.select({ id: authNode.nodeId }).from(authNode).where(inArray(authNode.nodeId, nodeIds));
  if (found.length !== new Set(nodeIds).size) {
    throw invalid('field_invalid', 'node_ids');
  }
}

export async function pkgAdd(db: Db, input: { pkg_title: string; node_ids: number[] }) {
  return db.transaction(async (tx) => {
    await assertNodesExist(tx, input.node_ids);
    const [row] = await tx
      .insert(authPkg)
      .values({ pkgTitle: input.pkg_title, createTs: Date.now() })
      .returning({ pkgId: authPkg.pkgId });
    const pkgId = row?.pkgId as number;
    await setPkgNodes(tx, pkgId, input.node_ids);
    return { pkg_id: pkgId };
  });
}

export async function pkgEdit(
  { db, authCache, actor }: ActorContext,
  input: { pkg_id: number; pkg_title: string; node_ids: number[] },
) {
  await db.transaction(async (tx) => {
    const guard = await grantGuard(tx, actor.account, await pkgMembers(tx, input.pkg_id));
    const updated = await tx
      .update(authPkg)
      .set({ pkgTitle: input.pkg_title })
      .where(eq(authPkg.pkgId, input.pkg_id))
      .returning({ pkgId: authPkg.pkgId });
    if (!updated[0]) {
      throw notFound();
    }
    await assertNodesExist(tx, input.node_ids);
    await tx.delete(authPkgNode).where(eq(authPkgNode.pkgId, input.pkg_id));
    await setPkgNodes(tx, input.pkg_id, input.node_ids);
    await guard.check();
    await authCache.changed(tx, '*');
  });
}

/** How many roles a package's refusal names before it says "…". */
const rolesNamed = 5;

/**
 * A package that roles still grant is not deleted: that would silently take its permissions from
 * every member. The answer says how many roles use it and names them.
 */
export async function pkgDelete({ db, authCache }: AppContext, pkgId: number) {
  await db.transaction(async (tx) => {
    // Locked first: a role taking the package meanwhile waits, or is seen below once committed.
    const found = await tx.select({ id: authPkg.pkgId }).from(authPkg).where(eq(authPkg.pkgId, pkgId)).for('update');
    if (!found[0]) {
      throw notFound();
    }
    const users = await tx
      .select({ name: role.roleName })
      .from(rolePkg)
      .innerJoin(role, eq(role.roleId, rolePkg.roleId))
      .where(eq(rolePkg.pkgId, pkgId))
      .orderBy(asc(role.roleName), asc(role.roleId));
    if (users.length > 0) {
      const names = users.slice(0, rolesNamed).map((u) => u.name);
      throw invalidWith('pkg_in_use', 'pkg_id', {
        count: String(users.length),
        roles: users.length > rolesNamed ? `${names.join(', ')}, …` : names.join(', '),
      });
    }
    const deleted = await tx.delete(authPkg).where(eq(authPkg.pkgId, pkgId)).returning({ pkgId: authPkg.pkgId });
    if (!deleted[0]) {
      throw notFound();
    }
    await authCache.changed(tx, '*');
  });
}

async function setPkgNodes(tx: DbOrTx, pkgId: number, nodeIds: number[]) {
  const unique = [...new Set(nodeIds)];
  if (unique.length) {
    await tx.insert(authPkgNode).values(unique.map((nodeId) => ({ pkgId, nodeId })));
  }
}
