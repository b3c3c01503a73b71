import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { account, accountRole, authNode, authPkgNode, groupAccount, role, rolePkg } from '../../db/schema/index.js';
import { type AppError, invalid } from '../../http/app-error.js';

/**
 * What an account may do: its permission nodes (through active roles, packages and nodes) and
 * its ticket reach. One rule guards every write that can widen it (roles, packages, groups,
 * accounts): nobody but an admin gives anyone, themselves included, anything here they do not
 * hold themselves, and nobody but an admin takes over (sets the password of), changes, suspends
 * or deletes an account that can do more than they can.
 */
export interface Reach {
  admin: boolean;
  nodes: Set<string>;
  /** `all`, the groups whose tickets it sees, or none but its own (`own`). */
  tickets: 'all' | Set<number>;
  replyPublic: boolean;
  canClose: boolean;
  tools: Set<string>;
  checkEmail: boolean;
}

const nothing = (): Reach => ({
  admin: false,
  nodes: new Set(),
  tickets: new Set(),
  replyPublic: false,
  canClose: false,
  tools: new Set(),
  checkEmail: false,
});

/** The reach of each account, read in the caller's transaction; end users reach nothing here. */
export async function reachOf(tx: DbOrTx, ids: number[]): Promise<Map<number, Reach>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, Reach>();
  if (unique.length === 0) {
    return out;
  }
  const [accounts, groups, nodes] = await Promise.all([
    tx
      .select({
        id: account.accountId,
        userType: account.userType,
        ticketAccess: account.ticketAccess,
        replyAccess: account.replyAccess,
        canClose: account.canCloseTicket,
        tools: account.toolAccess,
        checkEmail: account.allowCheckEmail,
      })
      .from(account)
      .where(inArray(account.accountId, unique)),
    tx
      .select({ id: groupAccount.accountId, groupId: groupAccount.groupId })
      .from(groupAccount)
      .where(inArray(groupAccount.accountId, unique)),
    tx
      .selectDistinct({ id: accountRole.accountId, type: authNode.nodeType, value: authNode.nodeValue })
      .from(accountRole)
      .innerJoin(role, and(eq(role.roleId, accountRole.roleId), eq(role.roleState, 'active')))
      .innerJoin(rolePkg, eq(rolePkg.roleId, role.roleId))
      .innerJoin(authPkgNode, eq(authPkgNode.pkgId, rolePkg.pkgId))
      .innerJoin(authNode, and(eq(authNode.nodeId, authPkgNode.nodeId), eq(authNode.nodeState, 'active')))
      .where(inArray(accountRole.accountId, unique)),
  ]);
  for (const a of accounts) {
    if (a.userType !== 'admin' && a.userType !== 'agent') {
      out.set(a.id, nothing());
      continue;
    }
    out.set(a.id, {
      admin: a.userType === 'admin',
      nodes: new Set(),
      tickets: a.ticketAccess === 'all' ? 'all' : new Set(),
      replyPublic: a.replyAccess !== 'internal',
      canClose: a.canClose,
      tools: new Set(a.tools),
      checkEmail: a.checkEmail,
    });
  }
  const ticketAccess = new Map(accounts.map((a) => [a.id, a.ticketAccess]));
  for (const g of groups) {
    const r = out.get(g.id);
    if (r && r.tickets !== 'all' && ticketAccess.get(g.id) === 'groups') {
      r.tickets.add(g.groupId);
    }
  }
  for (const n of nodes) {
    out.get(n.id)?.nodes.add(`${n.type}:${n.value}`);
  }
  return out;
}

/** True when `mine` holds everything `theirs` gained over `before` (pass `nothing` for the whole of `theirs`). */
export function covers(mine: Reach, theirs: Reach, before: Reach = nothing()): boolean {
  if (mine.admin) {
    return true;
  }
  if (theirs.admin && !before.admin) {
    return false;
  }
  for (const node of theirs.nodes) {
    if (!before.nodes.has(node) && !mine.nodes.has(node)) {
      return false;
    }
  }
  if (theirs.tickets === 'all') {
    if (before.tickets !== 'all' && mine.tickets !== 'all') {
      return false;
    }
  } else if (before.tickets !== 'all' && mine.tickets !== 'all') {
    const had = before.tickets;
    const hold = mine.tickets;
    for (const groupId of theirs.tickets) {
      if (!had.has(groupId) && !hold.has(groupId)) {
        return false;
      }
    }
  }
  const gained = (now: boolean, was: boolean, held: boolean) => now && !was && !held;
  if (
    gained(theirs.replyPublic, before.replyPublic, mine.replyPublic) ||
    gained(theirs.canClose, before.canClose, mine.canClose) ||
    gained(theirs.checkEmail, before.checkEmail, mine.checkEmail)
  ) {
    return false;
  }
  for (const tool of theirs.tools) {
    if (!before.tools.has(tool) && !mine.tools.has(tool)) {
      return false;
    }
  }
  return true;
}

/*
 * Refusals of what a call would do, made to someone who holds the call's node: business rules
 * (FFFF, a message the client shows as a toast), not a missing node (0403, which sends the client
 * to "Access denied" and drops the form being saved).
 */
export const grantBeyondOwn = () => invalid('grant_beyond_own');
export const takeoverBeyondOwn = () => invalid('takeover_beyond_own');
export const manageBeyondOwn = () => invalid('manage_beyond_own');

/**
 * The "stronger account" rule, one for every refusal of it: `mine` may take over (set the
 * password of), change, suspend or delete the account of `theirs` only when it holds everything
 * that account can do. (An admin's reach covers everyone; an end user's is nothing.)
 */
export function controls(mine: Reach, theirs: Reach | undefined): boolean {
  return theirs === undefined || covers(mine, theirs);
}

export interface GrantGuard {
  /**
   * Call after the change, in the same transaction: every account in `ids` (the ones read
   * before and any new ones) may have gained only what the actor holds, and one that lost
   * anything must not have been able to do more than the actor; `takeover` names an account
   * whose password the actor set, which must not be able to do more than the actor.
   */
  check(ids?: number[], options?: { takeover?: number }): Promise<void>;
  /**
   * Call before the change: refuses (`manage_beyond_own`, or `error`) when `id`, as it is now,
   * can do more than the actor. The actor's own account is theirs to edit within the self-edit rules.
   */
  refuseStronger(id: number, error?: () => AppError): void;
}

/**
 * Reads the actor's reach and the reach of the accounts a write may touch, before the write.
 * An admin's guard checks nothing.
 */
export async function grantGuard(tx: DbOrTx, actor: { accountId: number; userType: string }, ids: number[]) {
  if (actor.userType === 'admin') {
    return { check: async () => {}, refuseStronger: () => {} } satisfies GrantGuard;
  }
  const before = await reachOf(tx, [...ids, actor.accountId]);
  const mine = before.get(actor.accountId) ?? nothing();
  const guard: GrantGuard = {
    async check(more = [], options = {}) {
      const all = [...new Set([...ids, ...more, ...(options.takeover ? [options.takeover] : [])])];
      const after = await reachOf(tx, all);
      for (const id of all) {
        const now = after.get(id);
        if (now && !covers(mine, now, before.get(id) ?? nothing())) {
          throw grantBeyondOwn();
        }
      }
      // Taking from an account is changing it too: a role's members, a package's nodes or a
      // group's people edited so that a stronger account loses anything is refused, as editing
      // that account would be. (Admins keep everything whatever their roles; anyone may lose
      // what is their own.)
      for (const id of all) {
        const was = before.get(id);
        const now = after.get(id) ?? nothing();
        if (id !== actor.accountId && was && !covers(now, was) && !controls(mine, was)) {
          throw manageBeyondOwn();
        }
      }
      if (options.takeover !== undefined && options.takeover !== actor.accountId) {
        if (!controls(mine, after.get(options.takeover))) {
          throw takeoverBeyondOwn();
        }
      }
    },
    refuseStronger(id, error = manageBeyondOwn) {
      if (id !== actor.accountId && !controls(mine, before.get(id))) {
        throw error();
      }
    },
  };
  return guard;
}

/**
 * Of these accounts, those the actor may edit, suspend or delete (`refuseStronger`'s rule): an
 * admin any, anyone else their own and those that hold no more than they do. One read for all.
 */
export async function manageableAccounts(
  db: DbOrTx,
  actor: { accountId: number; userType: string },
  ids: number[],
): Promise<Set<number>> {
  if (actor.userType === 'admin') {
    return new Set(ids);
  }
  const reach = await reachOf(db, [...ids, actor.accountId]);
  const mine = reach.get(actor.accountId) ?? nothing();
  return new Set(ids.filter((id) => id === actor.accountId || controls(mine, reach.get(id))));
}

/**
 * Refuses a non-admin suspending, allowing or deleting an account that can do more than they can
 * (`manage_beyond_own`, 0403), in the caller's transaction.
 */
export async function refuseStrongerAccount(tx: DbOrTx, actor: { accountId: number; userType: string }, id: number) {
  (await grantGuard(tx, actor, [id])).refuseStronger(id);
}

/** Members of a role, and of every role holding a package: the accounts a role or package edit reaches. */
export async function roleMembers(tx: DbOrTx, roleIds: number[]): Promise<number[]> {
  if (roleIds.length === 0) {
    return [];
  }
  const rows = await tx
    .selectDistinct({ id: accountRole.accountId })
    .from(accountRole)
    .where(inArray(accountRole.roleId, roleIds));
  return rows.map((r) => r.id);
}

export async function pkgMembers(tx: DbOrTx, pkgId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: accountRole.accountId })
    .from(accountRole)
    .innerJoin(rolePkg, eq(rolePkg.roleId, accountRole.roleId))
    .where(eq(rolePkg.pkgId, pkgId));
  return rows.map((r) => r.id);
}

export async function groupMembers(tx: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: groupAccount.accountId })
    .from(groupAccount)
    .where(eq(groupAccount.groupId, groupId));
  return rows.map((r) => r.id);
}
