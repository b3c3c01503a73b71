import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agentGroup } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';

/**
 * Owner and group of something shared with everyone, a group or its creator alone (views, macros):
 * a personal one is the caller's, a group one needs a group that exists. A group named is checked
 * whatever the share: an unknown id is refused, never ignored.
 */
export async function shareOwner(
  db: DbOrTx,
  actor: Actor,
  input: { share_type: string; group_id?: number | null | undefined },
): Promise<{ ownerId: number | null; groupId: number | null }> {
  if (input.share_type === 'group' || (input.group_id !== null && input.group_id !== undefined)) {
    const [group] = await db
      .select({ id: agentGroup.groupId })
      .from(agentGroup)
      .where(eq(agentGroup.groupId, input.group_id as number));
    if (!group) {
      throw invalid('id_not_found', 'group_id');
    }
    if (input.share_type === 'group') {
      return { ownerId: null, groupId: group.id };
    }
  }
  return { ownerId: input.share_type === 'me' ? actor.account.accountId : null, groupId: null };
}
