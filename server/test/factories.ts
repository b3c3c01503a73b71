import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  account,
  accountRole,
  agentGroup,
  authNode,
  authPkg,
  authPkgNode,
  company,
  groupAccount,
  role,
  rolePkg,
} from '../src/db/schema/index.js';
import { EventBus } from '../src/events/bus.js';
import { transact } from '../src/events/transact.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { insertSession } from '../src/modules/auth/session.repo.js';
import { hashToken, newToken } from '../src/modules/auth/token.js';
import { ticketSettingDefaults } from '../src/modules/setting/setting.service.js';
import { insertTicket } from '../src/modules/ticket/ticket.create.js';
import { sanitizeBody } from '../src/modules/ticket/ticket.sanitize.js';

export const defaultPassword = 'password-123';
/** Hashing is slow on purpose; the default password is hashed once per test file. */
const defaultHash = hashPassword(defaultPassword);
const passwordHashOf = (password: string) => (password === defaultPassword ? defaultHash : hashPassword(password));

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

type AccountInsert = typeof account.$inferInsert;

/** An account with a password; overrides set any column. */
export async function buildAccount(db: Db, overrides: Partial<AccountInsert> & { password?: string | null } = {}) {
  const { password = defaultPassword, ...rest } = overrides;
  const now = Date.now();
  const [row] = await db
    .insert(account)
    .values({
      email: uniqueEmail(rest.userType ?? 'agent'),
      realName: 'Test Person',
      userType: 'agent',
      passwordHash: password === null ? null : await passwordHashOf(password),
      createTs: now,
      updateTs: now,
      ...rest,
    })
    .returning();
  if (!row) {
    throw new Error('account not inserted');
  }
  return { ...row, password };
}

type AccountOverrides = Partial<AccountInsert> & { password?: string | null };

export const buildAgent = (db: Db, overrides: AccountOverrides = {}) =>
  buildAccount(db, { userType: 'agent', ...overrides });
export const buildEndUser = (db: Db, overrides: AccountOverrides = {}) =>
  buildAccount(db, { userType: 'end_user', ...overrides });

/** A role granting the given nodes through one package, given to `accountIds`. */
export async function buildRole(
  db: Db,
  options: { nodes: Array<{ type: 'menu' | 'btn'; value: string }>; accountIds?: number[]; roleState?: string },
) {
  const now = Date.now();
  const [pkg] = await db
    .insert(authPkg)
    .values({ pkgTitle: `pkg ${randomUUID()}`, createTs: now })
    .returning();
  const pkgId = pkg?.pkgId as number;
  for (const n of options.nodes) {
    const found = await db
      .select({ id: authNode.nodeId })
      .from(authNode)
      .where(and(eq(authNode.nodeType, n.type), eq(authNode.nodeValue, n.value)));
    if (!found[0]) {
      throw new Error(`no node ${n.type} ${n.value}`);
    }
    await db.insert(authPkgNode).values({ pkgId, nodeId: found[0].id });
  }
  const [r] = await db
    .insert(role)
    .values({
      roleName: `role ${randomUUID()}`,
      roleState: options.roleState ?? 'active',
      createTs: now,
      updateTs: now,
    })
    .returning();
  const roleId = r?.roleId as number;
  await db.insert(rolePkg).values({ roleId, pkgId });
  if (options.accountIds?.length) {
    await db.insert(accountRole).values(options.accountIds.map((accountId) => ({ accountId, roleId })));
  }
  return { roleId, pkgId };
}

/** Gives an account the seeded default "Agent" role, as new agents get it. */
export async function giveDefaultRole(db: Db, accountId: number) {
  const [r] = await db.select().from(role).where(eq(role.isDefault, true));
  await db.insert(accountRole).values({ accountId, roleId: r?.roleId as number });
  return r?.roleId as number;
}

export async function nodeIds(db: Db, values: string[]) {
  const rows = await db.select({ id: authNode.nodeId }).from(authNode).where(inArray(authNode.nodeValue, values));
  return rows.map((r) => r.id);
}

export const buildAdmin = (db: Db, overrides: AccountOverrides = {}) =>
  buildAccount(db, { userType: 'admin', ...overrides });

/** An organization with a unique name; pass `companyDomains` to make it own domains. */
export async function buildCompany(db: Db, overrides: Partial<typeof company.$inferInsert> = {}) {
  const now = Date.now();
  const [row] = await db
    .insert(company)
    .values({ companyName: `Company ${randomUUID().slice(0, 8)}`, createTs: now, updateTs: now, ...overrides })
    .returning();
  if (!row) {
    throw new Error('company not inserted');
  }
  return row;
}

/** A domain nobody else in the test database uses. */
export const uniqueDomain = (prefix = 'corp') => `${prefix}-${randomUUID().slice(0, 8)}.com`;

/**
 * A ticket made the way the services make one (search words, first comment, creation events),
 * with the default ticket settings. Overrides pick the people, state and properties.
 */
export async function buildTicket(
  db: Db,
  overrides: {
    requesterId?: number;
    subject?: string;
    body?: string;
    isPublic?: boolean;
    state?: 'new' | 'open' | 'pending' | 'solved' | 'closed';
    assigneeId?: number | null;
    groupId?: number | null;
    tags?: string[];
    priority?: 'low' | 'normal' | 'high' | 'urgent';
    authorId?: number | null;
  } = {},
) {
  const requesterId = overrides.requesterId ?? (await buildEndUser(db)).accountId;
  const [requester] = await db.select().from(account).where(eq(account.accountId, requesterId));
  const now = Date.now();
  // Set-up data: its events go to a bus nobody listens on.
  const ticketId = await transact({ db, events: new EventBus() }, (tx) =>
    insertTicket(
      tx,
      ticketSettingDefaults,
      {
        subject: overrides.subject ?? `Ticket ${randomUUID().slice(0, 8)}`,
        source: 'web',
        requester: { accountId: requesterId, companyId: requester?.companyId ?? null },
        submitterId: requesterId,
        authorId: overrides.authorId === undefined ? requesterId : overrides.authorId,
        comment: {
          body: sanitizeBody(overrides.body ?? 'Something is wrong', { showHyperlink: true }),
          isPublic: overrides.isPublic ?? true,
          fileIds: [],
        },
        state: overrides.state ?? 'new',
        assignment: { assigneeId: overrides.assigneeId ?? null, groupId: overrides.groupId ?? null },
        priority: overrides.priority,
        tags: overrides.tags ?? [],
        members: { ccIds: [], followerIds: [] },
      },
      now,
    ),
  );
  return { ticketId, requesterId };
}

/** A group with the given members. */
export async function buildGroup(db: Db, accountIds: number[] = []) {
  const now = Date.now();
  const [row] = await db
    .insert(agentGroup)
    .values({ groupName: `Group ${randomUUID().slice(0, 8)}`, createTs: now, updateTs: now })
    .returning();
  const groupId = row?.groupId as number;
  if (accountIds.length) {
    await db.insert(groupAccount).values(accountIds.map((accountId) => ({ groupId, accountId })));
  }
  return groupId;
}

/**
 * A session token of an account that could not sign in now (an end user's from before sign-in
 * refused them), written straight into the sessions.
 */
export async function leftoverSession(db: Db, accountId: number) {
  const token = newToken();
  const now = Date.now();
  await insertSession(db, {
    accountId,
    tokenHash: hashToken(token),
    stayLogin: false,
    now,
    expiresTs: now + 3_600_000,
  });
  return token;
}
