import { randomBytes } from 'node:crypto';
import {
  allStaffRoutes,
  btnNodes,
  defaultAgentButtons,
  defaultAgentMenus,
  defaultAgentPackageTitle,
  defaultAgentRoleName,
  seededDefaults,
} from '@parley/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import {
  account,
  agentGroup,
  authNode,
  authPkg,
  authPkgNode,
  groupAccount,
  role,
  rolePkg,
} from '../../db/schema/index.js';
import { hashPassword } from '../auth/password.js';

export interface BootstrapResult {
  /** Set when the admin account was created with a generated password (printed once). */
  generatedAdmin?: { email: string; password: string };
  createdAdmin: boolean;
}

/**
 * Idempotent first-start work: the node catalogue, the default "Agent" role and group, and the
 * first admin account. Runs in one transaction under a lock.
 */
export async function bootstrap(db: Db, admin: { email?: string | undefined; password?: string | undefined }) {
  const result: BootstrapResult = { createdAdmin: false };
  const passwordHash = admin.password ? await hashPassword(admin.password) : null;
  const generated = admin.password ? null : randomBytes(12).toString('base64url');
  const generatedHash = generated ? await hashPassword(generated) : null;
  await db.transaction(async (tx) => {
    // Two servers starting together seed once.
    await lockForTransaction(tx, 'bootstrap');
    const now = Date.now();
    const catalogue = [
      ...allStaffRoutes.filter((r) => r.menu).map((r) => ({ nodeType: 'menu', nodeTitle: r.title, nodeValue: r.path })),
      ...btnNodes.map(([value, title]) => ({ nodeType: 'btn', nodeTitle: title, nodeValue: value })),
    ];
    const added = await tx
      .insert(authNode)
      .values(catalogue)
      .onConflictDoNothing()
      .returning({ nodeId: authNode.nodeId, nodeType: authNode.nodeType, nodeValue: authNode.nodeValue });

    const defaultRole = await tx.select().from(role).where(eq(role.isDefault, true)).limit(1);
    if (defaultRole[0]) {
      // A node new in this version that the default package grants (the chat workspace) joins
      // the package once, when it first appears; one an admin removed later stays removed.
      const granted = added.filter((n) =>
        (n.nodeType === 'menu'
          ? (defaultAgentMenus as readonly string[])
          : (defaultAgentButtons as readonly string[])
        ).includes(n.nodeValue),
      );
      const [pkg] = await tx
        .select({ pkgId: authPkg.pkgId })
        .from(authPkg)
        .where(eq(authPkg.pkgTitle, defaultAgentPackageTitle))
        .limit(1);
      if (pkg && granted.length) {
        await tx
          .insert(authPkgNode)
          .values(granted.map((n) => ({ pkgId: pkg.pkgId, nodeId: n.nodeId })))
          .onConflictDoNothing();
      }
    } else {
      const [pkg] = await tx
        .insert(authPkg)
        .values({ pkgTitle: defaultAgentPackageTitle, createTs: now })
        .returning({ pkgId: authPkg.pkgId });
      const nodes = await tx
        .select({ nodeId: authNode.nodeId })
        .from(authNode)
        .where(
          or(
            and(eq(authNode.nodeType, 'menu'), inArray(authNode.nodeValue, [...defaultAgentMenus])),
            and(eq(authNode.nodeType, 'btn'), inArray(authNode.nodeValue, [...defaultAgentButtons])),
          ),
        );
      const pkgId = pkg?.pkgId as number;
      await tx.insert(authPkgNode).values(nodes.map((n) => ({ pkgId, nodeId: n.nodeId })));
      const [created] = await tx
        .insert(role)
        .values({
          roleName: defaultAgentRoleName,
          remark: seededDefaults.roleRemark,
          isDefault: true,
          createTs: now,
          updateTs: now,
        })
        .returning({ roleId: role.roleId });
      await tx.insert(rolePkg).values({ roleId: created?.roleId as number, pkgId });
    }

    const defaultGroup = await tx.select().from(agentGroup).where(eq(agentGroup.isDefault, true)).limit(1);
    let groupId = defaultGroup[0]?.groupId;
    if (!groupId) {
      const [g] = await tx
        .insert(agentGroup)
        .values({
          groupName: seededDefaults.groupName,
          isDefault: true,
          remark: seededDefaults.groupRemark,
          createTs: now,
          updateTs: now,
        })
        .returning({ groupId: agentGroup.groupId });
      groupId = g?.groupId as number;
    }

    const admins = await tx
      .select({ id: account.accountId })
      .from(account)
      .where(eq(account.userType, 'admin'))
      .limit(1);
    if (!admins[0]) {
      const email = admin.email ?? 'admin@example.com';
      const [created] = await tx
        .insert(account)
        .values({
          email,
          realName: 'Administrator',
          passwordHash: passwordHash ?? generatedHash,
          // The generated password is printed once: the back office asks for one of their own.
          passwordTemporary: generated !== null,
          userType: 'admin',
          toolAccess: ['chat'],
          createTs: now,
          updateTs: now,
        })
        .onConflictDoUpdate({
          target: account.email,
          set: {
            userType: 'admin',
            passwordHash: passwordHash ?? generatedHash,
            passwordTemporary: generated !== null,
            updateTs: now,
          },
        })
        .returning({ accountId: account.accountId });
      await tx
        .insert(groupAccount)
        .values({ groupId, accountId: created?.accountId as number })
        .onConflictDoNothing();
      result.createdAdmin = true;
      if (generated) {
        result.generatedAdmin = { email, password: generated };
      }
    }
  });
  return result;
}
