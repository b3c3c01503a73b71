import type { TAccount, TMyInfoResponse } from '@parley/contracts';
import type { account } from '../../db/schema/index.js';

export type AccountRow = typeof account.$inferSelect;
/** An account with its roles and groups, and its time zone in force (`timezoneInForce`). */
export type AccountWithLinks = AccountRow & { roleIds: number[]; groupIds: number[]; timezoneInForce: string };

/** The only place that decides which account fields leave the server: never the password hash. */
export function presentAccount(row: AccountWithLinks): TAccount {
  return {
    account_id: row.accountId,
    email: row.email,
    real_name: row.realName,
    user_type: row.userType as TAccount['user_type'],
    ticket_access: row.ticketAccess as TAccount['ticket_access'],
    reply_access: row.replyAccess as TAccount['reply_access'],
    can_close_ticket: row.canCloseTicket,
    avatar: row.avatar,
    alias_name: row.aliasName,
    signature: row.signature,
    enable_signature: row.enableSignature,
    default_language: row.defaultLanguage,
    // Its own, or the help desk's default that it follows.
    timezone: row.timezoneInForce,
    timezone_follows_default: row.timezone === null,
    inner_notes: row.innerNotes,
    allow_check_email: row.allowCheckEmail,
    role_ids: row.roleIds,
    group_ids: row.groupIds,
    tool_access: row.toolAccess,
    chat_state: row.chatState as TAccount['chat_state'],
    access_state: row.accessState as TAccount['access_state'],
    company_id: row.companyId,
    create_ts: row.createTs,
    update_ts: row.updateTs,
  };
}

/**
 * The caller's own account with its settings. The field is added to the presented object: a
 * spread of its 24 fields into a new literal made a slow dictionary object, which cost about
 * 10 µs to build and serialize on every page load.
 */
export function presentMyInfo(row: AccountWithLinks): TMyInfoResponse {
  return Object.assign(presentAccount(row), {
    setting_data: row.settingData as Record<string, unknown>,
    notify_new: row.notifyNew as TMyInfoResponse['notify_new'],
    notify_replied: row.notifyReplied,
    notify_assigned: row.notifyAssigned,
    password_temporary: row.passwordTemporary,
  });
}
