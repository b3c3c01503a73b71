import {
  ZAccountAccessStateEditRequest,
  ZAccountAddRequest,
  ZAccountAddResponse,
  ZAccountDeleteRequest,
  ZAccountEditRequest,
  ZAccountGetRequest,
  ZAccountGetResponse,
  ZAccountInfoEditRequest,
  ZAccountListRequest,
  ZAccountListResponse,
  ZAccountSettingEditRequest,
  ZAccountTicketHistoryListRequest,
  ZAccountTicketHistoryListResponse,
  ZAccountVisitHistoryListRequest,
  ZAccountVisitHistoryListResponse,
  ZAgentAllListRequest,
  ZAgentAllListResponse,
} from '../account-admin.js';
import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';
import {
  ZAccountInviteSendRequest,
  ZAccountInviteSendResponse,
  ZAccountInviteStateResponse,
} from '../password-link.js';

const base = '/api/admin';
const tags = ['people'];

/** People: accounts (admins, agents, end users), the caller's own profile, the agent pickers. */
export const accountOps = {
  /** People lists: the people screen, an organization's members, and the pickers of groups, roles and tickets. */
  list: op({
    method: 'GET',
    path: `${base}/auth.account.list`,
    access: {
      menu: [
        '/wswt/setting/people',
        '/wswt/company/:company_id',
        '/wswt/setting/group/add',
        '/wswt/setting/group/edit',
        '/wswt/setting/role/add',
        '/wswt/setting/role/edit',
        '/wswt/ticket/add',
        '/wswt/ticket/edit/:ticket_id',
      ],
    },
    summary: 'Accounts, newest first; kw matches part of the email or the name',
    tags,
    input: ZAccountListRequest,
    output: ZAccountListResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/auth.account.get`,
    access: {
      menu: ['/wswt/setting/people', '/wswt/account/:account_id', '/wswt/ticket/edit/:ticket_id/account/:account_id'],
    },
    summary: 'One account',
    tags,
    input: ZAccountGetRequest,
    output: ZAccountGetResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/auth.account.add`,
    access: { btn: 'auth.account.add' },
    summary: 'Add an account (admin, agent or end user)',
    tags,
    input: ZAccountAddRequest,
    output: ZAccountAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/auth.account.edit`,
    access: { btn: 'auth.account.edit' },
    summary: 'Edit an account; only admins edit admins, nobody raises their own user type',
    tags,
    input: ZAccountEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  infoEdit: op({
    method: 'POST',
    path: `${base}/auth.account.info.edit`,
    access: { session: true },
    summary: "Edit the caller's own profile (name, alias, signature, avatar, language, time zone, notification mails)",
    tags,
    input: ZAccountInfoEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  /** Answers "deleted", or "suspended instead" for an end user with tickets (the handler sets it). */
  delete: op({
    method: 'POST',
    path: `${base}/auth.account.delete`,
    access: { btn: 'auth.account.delete' },
    summary: 'Delete an account (an end user with tickets is suspended instead)',
    tags,
    input: ZAccountDeleteRequest,
    output: ZEmpty,
  }),
  accessStateEdit: op({
    method: 'POST',
    path: `${base}/auth.account.access_state.edit`,
    access: { btn: 'auth.account.access_state.edit' },
    summary: 'Suspend (ends its sessions at once) or allow an account',
    tags,
    input: ZAccountAccessStateEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  /** Whether "Send an invitation by email" can be offered (and is, by default) when adding an admin or agent. */
  inviteState: op({
    method: 'GET',
    path: `${base}/auth.account.invite.state.get`,
    access: { btn: 'auth.account.add' },
    summary: 'Whether invitations can be mailed (the email channel is set up)',
    tags,
    input: noInput,
    output: ZAccountInviteStateResponse,
  }),
  /**
   * Mails an admin or agent a link to set their own password: the invitation again for one that
   * never signed in, else a reset link. Who may edit the account may send it (not to a stronger one).
   */
  inviteSend: op({
    method: 'POST',
    path: `${base}/auth.account.invite.send`,
    access: { btn: 'auth.account.edit' },
    summary: 'Mail an admin or agent a link to set their password (an invitation if they never signed in)',
    tags,
    input: ZAccountInviteSendRequest,
    output: ZAccountInviteSendResponse,
    message: 'invite_sent',
  }),
  settingEdit: op({
    method: 'POST',
    path: `${base}/auth.account.setting.edit`,
    access: { session: true },
    summary: "Merge keys into the caller's interface preferences (null removes a key)",
    tags,
    input: ZAccountSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  /** Sign-in history (addresses, browsers) is for those who manage accounts, not every agent. */
  visitHistoryList: op({
    method: 'GET',
    path: `${base}/auth.account.visit.history.list`,
    access: { menu: '/wswt/account/:account_id' },
    summary: "An account's sign-ins, newest first",
    tags,
    input: ZAccountVisitHistoryListRequest,
    output: ZAccountVisitHistoryListResponse,
  }),
  ticketHistoryList: op({
    method: 'GET',
    path: `${base}/auth.account.ticket.history.list`,
    access: { menu: ['/wswt/account/:account_id', '/wswt/ticket/edit/:ticket_id/account/:account_id'] },
    summary: 'Tickets the account requested, newest first',
    tags,
    input: ZAccountTicketHistoryListRequest,
    output: ZAccountTicketHistoryListResponse,
  }),
  agentAllList: op({
    method: 'POST',
    path: `${base}/auth.agent.all.list`,
    access: { staff: true },
    summary: 'Agents that may sign in (and admins with need_admin, suspended ones with need_suspended), for pickers',
    tags,
    input: ZAgentAllListRequest,
    output: ZAgentAllListResponse,
  }),
};
