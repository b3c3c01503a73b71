import {
  accountSettingMaxBytes,
  type TAccessState,
  type ZAccountAddRequest,
  type ZAccountInfoEditRequest,
} from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActorContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { account, shortcut } from '../../db/schema/index.js';
import { emit, transact } from '../../events/transact.js';
import { forbidden, invalid, notFound } from '../../http/app-error.js';
import { newAccountDefaults } from '../account-setting/account-setting.repo.js';
import { passwordReplaced } from '../auth/account-password.js';
import { hashPassword } from '../auth/password.js';
import { deleteAccountSessions, findAccountWithLinks } from '../auth/session.repo.js';
import { companyIdForEmail, findCompany } from '../company/company.repo.js';
import { assertUploaded, deleteUpload } from '../file/file.service.js';
import { dropUnusedLinks, inviteValidMs } from '../password-link/password-link.repo.js';
import { issueLink, type MailConfigOf, mailConfigForInvite } from '../password-link/password-link.service.js';
import { grantGuard, manageBeyondOwn, refuseStrongerAccount, takeoverBeyondOwn } from '../privilege/privilege.js';
import { requesterHasTickets, unassignAgentTickets } from '../ticket/ticket.people.js';
import {
  type AccountEditPlan,
  checkPassword,
  checkStaffOnlyLinks,
  chosenTimezone,
  columnsOf,
  type EditInput,
  planAccountEdit,
} from './account.edit-plan.js';
import { isStaff, mayGiveUserType, mayManage } from './account.policy.js';
import {
  defaultGroupId,
  defaultRoleId,
  emailTaken,
  existingIds,
  otherActiveAdmins,
  setAccountGroups,
  setAccountRoles,
} from './account.repo.js';

type Ctx = ActorContext;
type AddInput = z.output<typeof ZAccountAddRequest>;
type InfoInput = z.output<typeof ZAccountInfoEditRequest>;

const party = (a: { accountId: number; userType: string }) => ({ accountId: a.accountId, userType: a.userType });

/** Roles and groups sent must exist (end users, who hold none, are refused earlier). */
async function checkLinksExist(
  tx: DbOrTx,
  input: { role_ids?: number[] | undefined; group_ids?: number[] | undefined },
) {
  if (input.role_ids && !(await existingIds(tx, 'role', input.role_ids))) {
    throw invalid('field_invalid', 'role_ids');
  }
  if (input.group_ids && !(await existingIds(tx, 'group', input.group_ids))) {
    throw invalid('field_invalid', 'group_ids');
  }
}

async function checkCompany(tx: DbOrTx, companyId: number | null | undefined) {
  if (companyId && !(await findCompany(tx, companyId))) {
    throw invalid('field_invalid', 'company_id');
  }
}

/**
 * Adds an account. `invite` (admins and agents): instead of a password typed by its maker, the
 * person is mailed a link to set their own (password-link/), queued with the account.
 */
export async function accountAdd(ctx: Ctx, input: AddInput, mailConfig: MailConfigOf) {
  const { db, actor, files } = ctx;
  const userType = input.user_type;
  if (!mayGiveUserType(party(actor.account), null, userType)) {
    throw forbidden();
  }
  if (input.invite && !isStaff(userType)) {
    throw invalid('invite_staff_only', 'invite');
  }
  if (input.invite && input.password) {
    throw invalid('invite_or_password', 'password');
  }
  const config = input.invite ? await mailConfigForInvite(mailConfig, db, 'invite') : null;
  checkPassword(userType, input.email, input.password, input.invite);
  if (input.avatar) {
    await assertUploaded(files, input.avatar, 'avatar', 'avatar');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      // A new account, password chosen by its maker, is one the maker controls: it gets nothing they lack.
      const guard = await grantGuard(tx, actor.account, []);
      if (await emailTaken(tx, input.email, null)) {
        throw invalid('email_exists', 'email');
      }
      checkStaffOnlyLinks(userType, input);
      if (isStaff(userType)) {
        await checkLinksExist(tx, input);
      }
      await checkCompany(tx, input.company_id);
      // A new end user joins the organization that holds their email's domain.
      const companyId =
        input.company_id !== undefined
          ? input.company_id
          : userType === 'end_user'
            ? await companyIdForEmail(tx, input.email)
            : null;
      const now = Date.now();
      const [row] = await tx
        .insert(account)
        .values({
          // Settings › Localization, where the maker chose no language or time zone.
          ...(await newAccountDefaults(tx)),
          ...columnsOf({ ...input, company_id: companyId }),
          email: input.email,
          realName: input.real_name,
          userType,
          passwordHash,
          createTs: now,
          updateTs: now,
        })
        .returning({ accountId: account.accountId });
      const accountId = row?.accountId as number;
      if (isStaff(userType)) {
        await joinStaffDefaults(tx, accountId, userType, input);
      }
      await guard.check([accountId]);
      if (config) {
        await issueLink(ctx, tx, config, {
          accountId,
          purpose: 'invite',
          validMs: inviteValidMs,
          actorName: actor.account.realName,
        });
      }
      return { account_id: accountId };
    });
  } catch (error) {
    // Two adds of one email at the same time: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) {
      throw invalid('email_exists', 'email');
    }
    throw error;
  }
}

/** Staff without chosen groups join the default group; an agent without chosen roles gets the default role. */
async function joinStaffDefaults(
  tx: Tx,
  accountId: number,
  userType: string,
  input: { role_ids?: number[] | undefined; group_ids?: number[] | undefined },
) {
  const groupId = input.group_ids === undefined ? await defaultGroupId(tx) : null;
  await setAccountGroups(tx, accountId, input.group_ids ?? (groupId ? [groupId] : []));
  const roleId = input.role_ids === undefined && userType === 'agent' ? await defaultRoleId(tx) : null;
  await setAccountRoles(tx, accountId, input.role_ids ?? (roleId ? [roleId] : []));
}

async function loadTarget(db: DbOrTx, accountId: number) {
  const target = await findAccountWithLinks(db, accountId);
  if (!target) {
    throw notFound();
  }
  return target;
}

/** An edit of an account: planned without the database (account.edit-plan.ts), then written. */
export async function accountEdit(ctx: Ctx, input: EditInput) {
  const target = await loadTarget(ctx.db, input.account_id);
  const plan = planAccountEdit(party(ctx.actor.account), target, input);
  if (plan.avatar) {
    await assertUploaded(ctx.files, plan.avatar.next, 'avatar', 'avatar');
  }
  await writeAccountEdit(ctx, target, plan);
  if (plan.avatar) {
    await deleteUpload(ctx.files, plan.avatar.previous, 'avatar');
  }
}

/** Makes the plan's database checks and writes it, in one transaction. */
async function writeAccountEdit(ctx: Ctx, target: { accountId: number; userType: string }, plan: AccountEditPlan) {
  const { actor, authCache } = ctx;
  const accountId = target.accountId;
  // Its sessions end (a new password) or stop signing in (staff made an end user): sockets go too.
  const signsOut = Boolean(plan.password) || (isStaff(target.userType) && !isStaff(plan.userType));
  const { checks, links } = plan;
  const passwordHash = plan.password ? await hashPassword(plan.password) : null;
  try {
    await transact(ctx, async (tx) => {
      const guard = await grantGuard(tx, actor.account, [accountId]);
      // An account that can do more than the editor is not theirs to change (a password set
      // keeps its own, older answer).
      guard.refuseStronger(accountId, passwordHash ? takeoverBeyondOwn : manageBeyondOwn);
      if (checks.lastAdmin && (await otherActiveAdmins(tx, accountId)) === 0) {
        throw invalid('last_admin', 'user_type');
      }
      if (checks.email && (await emailTaken(tx, checks.email, accountId))) {
        throw invalid('email_exists', 'email');
      }
      await checkLinksExist(tx, { role_ids: checks.roleIds, group_ids: checks.groupIds });
      await checkCompany(tx, checks.companyId);
      await tx
        .update(account)
        .set({ ...plan.set, ...(passwordHash ? { passwordHash, passwordTemporary: false } : {}), updateTs: Date.now() })
        .where(eq(account.accountId, accountId));
      if (links.kind === 'clear') {
        await setAccountRoles(tx, accountId, []);
        await setAccountGroups(tx, accountId, []);
      } else if (links.kind === 'join') {
        // An end user promoted to staff starts like a new agent.
        await joinStaffDefaults(tx, accountId, plan.userType, { role_ids: links.roleIds, group_ids: links.groupIds });
      } else {
        if (links.roleIds) {
          await setAccountRoles(tx, accountId, links.roleIds);
        }
        if (links.groupIds) {
          await setAccountGroups(tx, accountId, links.groupIds);
        }
      }
      // Whoever sets the password controls the account: it may not do more than they can.
      await guard.check([], passwordHash ? { takeover: accountId } : {});
      if (passwordHash) {
        // A new password set by someone else ends the account's sessions, like a password change.
        await passwordReplaced(tx, accountId);
      } else if (plan.dropLinks) {
        await dropUnusedLinks(tx, accountId);
      }
      // Cached sessions carry the account (name, type, roles, groups): every process forgets it.
      await authCache.changed(tx, accountId);
      if (signsOut) {
        emit(tx, { type: 'account.sessions_ended', accountId });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw invalid('email_exists', 'email');
    }
    throw error;
  }
}

/** The caller's own profile. Only profile fields reach here: the contract strips the rest. */
export async function accountInfoEdit({ db, actor, authCache, files }: Ctx, input: InfoInput) {
  const me = actor.account;
  const avatarChanged = input.avatar !== undefined && input.avatar !== me.avatar;
  if (avatarChanged) {
    await assertUploaded(files, input.avatar as string, 'avatar', 'avatar');
  }
  const profile = {
    real_name: input.real_name,
    alias_name: input.alias_name,
    signature: input.signature,
    enable_signature: input.enable_signature,
    avatar: input.avatar,
    default_language: input.default_language,
    timezone: chosenTimezone(input.timezone, me),
  };
  const oldAvatar = await db.transaction(async (tx) => {
    const old = await tx
      .select({ avatar: account.avatar })
      .from(account)
      .where(eq(account.accountId, me.accountId))
      .for('update');
    await tx
      .update(account)
      .set({ ...columnsOf(profile), ...notifyColumns(input), updateTs: Date.now() })
      .where(eq(account.accountId, me.accountId));
    await authCache.changed(tx, me.accountId);
    return old[0]?.avatar;
  });
  if (avatarChanged && oldAvatar && oldAvatar !== input.avatar) {
    await deleteUpload(files, oldAvatar, 'avatar');
  }
}

/**
 * The caller's choice of notification mails: only ever its own row (the call takes no account),
 * read where the mails are queued (mail.facts.ts).
 */
function notifyColumns(input: InfoInput): Partial<typeof account.$inferInsert> {
  return {
    ...(input.notify_new !== undefined ? { notifyNew: input.notify_new } : {}),
    ...(input.notify_replied !== undefined ? { notifyReplied: input.notify_replied } : {}),
    ...(input.notify_assigned !== undefined ? { notifyAssigned: input.notify_assigned } : {}),
  };
}

/** Suspending ends every session of the account at once; allowing lets it sign in again. */
export async function accountAccessStateEdit(ctx: Ctx, input: { account_id: number; access_state: TAccessState }) {
  const { db, actor, authCache } = ctx;
  const target = await loadTarget(db, input.account_id);
  if (!mayManage(party(actor.account), party(target))) {
    throw forbidden();
  }
  if (input.access_state === 'suspended' && target.accountId === actor.account.accountId) {
    throw invalid('cannot_suspend_self', 'access_state');
  }
  await transact(ctx, async (tx) => {
    await refuseStrongerAccount(tx, actor.account, target.accountId);
    if (
      input.access_state === 'suspended' &&
      target.userType === 'admin' &&
      (await otherActiveAdmins(tx, target.accountId)) === 0
    ) {
      throw invalid('last_admin', 'access_state');
    }
    await tx
      .update(account)
      .set({ accessState: input.access_state, updateTs: Date.now() })
      .where(eq(account.accountId, target.accountId));
    if (input.access_state === 'suspended') {
      await deleteAccountSessions(tx, target.accountId);
      emit(tx, { type: 'account.sessions_ended', accountId: target.accountId });
    }
    await authCache.changed(tx, target.accountId);
  });
}

/**
 * Deleting an account never leaves a dangling reference (docs/decisions/0002-account-deletion.md):
 * - an admin cannot delete themself, and the last active admin cannot be deleted;
 * - an end user who requested tickets is suspended instead, so their tickets keep a requester;
 * - an agent's tickets are unassigned first (hook above, filled in by the ticket work);
 * - the account's `me` shortcuts go with it, its `all` shortcuts and banned entries stay without
 *   a creator, and sessions, visits, roles and group memberships go by foreign-key cascade;
 * - the avatar file is removed after the commit.
 */
export async function accountDelete(ctx: Ctx, accountId: number) {
  const { db, actor, authCache, files } = ctx;
  const target = await loadTarget(db, accountId);
  if (!mayManage(party(actor.account), party(target))) {
    throw forbidden();
  }
  if (target.accountId === actor.account.accountId) {
    throw invalid('cannot_delete_self', 'account_id');
  }
  const outcome = await transact(ctx, async (tx) => {
    await refuseStrongerAccount(tx, actor.account, target.accountId);
    if (target.userType === 'admin' && (await otherActiveAdmins(tx, target.accountId)) === 0) {
      throw invalid('last_admin', 'account_id');
    }
    if (target.userType === 'end_user' && (await requesterHasTickets(tx, target.accountId))) {
      await tx
        .update(account)
        .set({ accessState: 'suspended', updateTs: Date.now() })
        .where(eq(account.accountId, target.accountId));
      await deleteAccountSessions(tx, target.accountId);
      await authCache.changed(tx, target.accountId);
      return 'suspended' as const;
    }
    if (isStaff(target.userType)) {
      await unassignAgentTickets(tx, target.accountId);
    }
    await tx.delete(shortcut).where(and(eq(shortcut.creatorId, target.accountId), eq(shortcut.allowType, 'me')));
    await tx.delete(account).where(eq(account.accountId, target.accountId));
    await authCache.changed(tx, target.accountId);
    // Its sessions went with it (cascade): so do its sockets.
    emit(tx, { type: 'account.sessions_ended', accountId: target.accountId });
    return 'deleted' as const;
  });
  if (outcome === 'deleted') {
    await deleteUpload(files, target.avatar, 'avatar');
  }
  return outcome;
}

/** Merges the caller's interface preferences; a key sent as null is removed. */
export async function accountSettingEdit({ db, actor, authCache }: Ctx, settingData: Record<string, unknown>) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ data: account.settingData })
      .from(account)
      .where(eq(account.accountId, actor.account.accountId))
      .for('update');
    const merged: Record<string, unknown> = { ...((rows[0]?.data ?? {}) as Record<string, unknown>) };
    for (const [key, value] of Object.entries(settingData)) {
      if (value === null) {
        delete merged[key];
      } else {
        merged[key] = value;
      }
    }
    if (Buffer.byteLength(JSON.stringify(merged)) > accountSettingMaxBytes) {
      throw invalid('field_too_long', 'setting_data');
    }
    await tx
      .update(account)
      .set({ settingData: merged, updateTs: Date.now() })
      .where(eq(account.accountId, actor.account.accountId));
    await authCache.changed(tx, actor.account.accountId);
  });
}
