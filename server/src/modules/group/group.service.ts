import type { TGroup, ZGroupAddRequest, ZGroupEditRequest } from '@parley/contracts';
import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActorContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { refuseTakenName } from '../../db/names.js';
import { agentGroup, groupAccount } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';
import { existingIds } from '../account/account.repo.js';
import { grantGuard, groupMembers } from '../privilege/privilege.js';
import { likeOf, toCount } from '../search/search.js';

const accountIds = sql<
  number[]
>`ARRAY(SELECT ga.account_id FROM group_account ga WHERE ga.group_id = "agent_group"."group_id" ORDER BY 1)`;

type GroupRow = typeof agentGroup.$inferSelect & { accountIds: number[] };

const present = (r: GroupRow): TGroup => ({
  group_id: r.groupId,
  group_name: r.groupName,
  is_default: r.isDefault,
  remark: r.remark,
  account_ids: r.accountIds,
  create_ts: r.createTs,
  update_ts: r.updateTs,
});

const columns = {
  groupId: agentGroup.groupId,
  groupName: agentGroup.groupName,
  isDefault: agentGroup.isDefault,
  remark: agentGroup.remark,
  createTs: agentGroup.createTs,
  updateTs: agentGroup.updateTs,
  accountIds,
};

/**
 * Names in the order people count: "Team 2" before "Team 10" (text order put "Team 10" first).
 * The name without its digits, then its number, then the name as written.
 */
const naturalOrder = [
  sql`regexp_replace(${agentGroup.groupName}, '[0-9]+', '', 'g')`,
  sql`NULLIF(substring(${agentGroup.groupName} from '[0-9]+'), '')::numeric NULLS FIRST`,
  agentGroup.groupName,
];

export async function groupList(db: DbOrTx, input: { kw?: string | undefined; offset: number; limit: number }) {
  const where = input.kw ? ilike(agentGroup.groupName, likeOf(input.kw)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(agentGroup)
      .where(where)
      .orderBy(desc(agentGroup.isDefault), ...naturalOrder, agentGroup.groupId)
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(agentGroup).where(where),
  ]);
  return { list: rows.map(present), total: toCount(totals) };
}

export async function groupGet(db: DbOrTx, groupId: number) {
  const rows = await db.select(columns).from(agentGroup).where(eq(agentGroup.groupId, groupId)).limit(1);
  if (!rows[0]) {
    throw notFound();
  }
  return present(rows[0]);
}

async function setMembers(tx: DbOrTx, groupId: number, ids: number[]) {
  if (!(await existingIds(tx, 'staff', ids))) {
    throw invalid('members_must_be_staff', 'account_ids');
  }
  await tx.delete(groupAccount).where(eq(groupAccount.groupId, groupId));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await tx.insert(groupAccount).values(unique.map((accountId) => ({ groupId, accountId })));
  }
}

/**
 * Exactly one default group: the new default takes the mark from the old one. Changes wait for
 * each other (`lockForTransaction`); otherwise two at once would each clear the old
 * default, neither see the other's new one, and one would fail on the single-default index.
 */
async function takeDefault(tx: DbOrTx, groupId: number) {
  await lockForTransaction(tx, 'defaultGroup');
  await tx
    .update(agentGroup)
    .set({ isDefault: false, updateTs: Date.now() })
    .where(and(eq(agentGroup.isDefault, true), ne(agentGroup.groupId, groupId)));
  await tx.update(agentGroup).set({ isDefault: true }).where(eq(agentGroup.groupId, groupId));
}

type Ctx = ActorContext;

export async function groupAdd({ db, authCache, actor }: Ctx, input: z.output<typeof ZGroupAddRequest>) {
  return db.transaction(async (tx) => {
    const guard = await grantGuard(tx, actor.account, input.account_ids);
    await refuseTakenName(tx, 'group', input.group_name);
    const now = Date.now();
    const [row] = await tx
      .insert(agentGroup)
      .values({ groupName: input.group_name, remark: input.remark, createTs: now, updateTs: now })
      .returning({ groupId: agentGroup.groupId });
    const groupId = row?.groupId as number;
    await setMembers(tx, groupId, input.account_ids);
    if (input.is_default) {
      await takeDefault(tx, groupId);
    }
    await guard.check();
    // Cached sessions carry their accounts' group ids.
    await authCache.changed(tx, '*');
    return { group_id: groupId };
  });
}

export async function groupEdit({ db, authCache, actor }: Ctx, input: z.output<typeof ZGroupEditRequest>) {
  await db.transaction(async (tx) => {
    const members = await groupMembers(tx, input.group_id);
    const guard = await grantGuard(tx, actor.account, [...members, ...(input.account_ids ?? [])]);
    const rows = await tx.select().from(agentGroup).where(eq(agentGroup.groupId, input.group_id)).for('update');
    const group = rows[0];
    if (!group) {
      throw notFound();
    }
    if (group.isDefault && input.is_default === false) {
      throw invalid('one_default_group', 'is_default');
    }
    await refuseTakenName(tx, 'group', input.group_name, group.groupId);
    await tx
      .update(agentGroup)
      .set({
        groupName: input.group_name,
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        updateTs: Date.now(),
      })
      .where(eq(agentGroup.groupId, input.group_id));
    if (input.account_ids) {
      await setMembers(tx, input.group_id, input.account_ids);
    }
    if (input.is_default && !group.isDefault) {
      await takeDefault(tx, input.group_id);
    }
    await guard.check();
    await authCache.changed(tx, '*');
  });
}
