import type { TNodeKey, TNodeType } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accountRole, authNode, authPkgNode, role, rolePkg } from '../../db/schema/index.js';

/** Nodes granted through the account's active roles' packages; inactive roles and nodes grant nothing. */
function grantedNodes(db: DbOrTx, accountId: number) {
  return db
    .selectDistinct({ nodeType: authNode.nodeType, nodeValue: authNode.nodeValue })
    .from(accountRole)
    .innerJoin(role, and(eq(role.roleId, accountRole.roleId), eq(role.roleState, 'active')))
    .innerJoin(rolePkg, eq(rolePkg.roleId, role.roleId))
    .innerJoin(authPkgNode, eq(authPkgNode.pkgId, rolePkg.pkgId))
    .innerJoin(authNode, and(eq(authNode.nodeId, authPkgNode.nodeId), eq(authNode.nodeState, 'active')))
    .where(eq(accountRole.accountId, accountId))
    .$dynamic();
}

export async function accountNodes(db: DbOrTx, accountId: number, types: TNodeType[]): Promise<TNodeKey[]> {
  const rows = await grantedNodes(db, accountId).where(
    and(eq(accountRole.accountId, accountId), inArray(authNode.nodeType, types)),
  );
  return rows.map((r) => ({ node_type: r.nodeType as TNodeType, node_value: r.nodeValue }));
}

export async function allActiveNodes(db: DbOrTx, types: TNodeType[]): Promise<TNodeKey[]> {
  const rows = await db
    .select({ nodeType: authNode.nodeType, nodeValue: authNode.nodeValue })
    .from(authNode)
    .where(and(eq(authNode.nodeState, 'active'), inArray(authNode.nodeType, types)))
    .orderBy(authNode.nodeId);
  return rows.map((r) => ({ node_type: r.nodeType as TNodeType, node_value: r.nodeValue }));
}
