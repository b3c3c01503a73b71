import {
  accountOps,
  type TAccountAccessStateEditRequest,
  type TAccountAddRequest,
  type TAccountAddResponse,
  type TAccountEditRequest,
  type TAccountInfoEditRequest,
  type TAccountInviteSendResponse,
  type TAccountInviteStateResponse,
  type TAccountListRequest,
  type TAccountListResponse,
  type TAccountTicketHistoryListResponse,
  type TAccountVisitHistoryListResponse,
  type TAgentAllListResponse,
  type TManagedAccount,
  type TUploadResponse,
  ZUploadResponse,
} from '@parley/contracts';
import { call } from './call';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

export type TAccountListQuery = Omit<TPagedQuery<TAccountListRequest>, 'company_id'> & { company_id?: number };

export const accountApi = {
  list: (query: TAccountListQuery, opts?: TOpts): Promise<TAccountListResponse> =>
    call(accountOps.list, { ...query }, opts),
  get: (accountId: number, opts?: TOpts): Promise<TManagedAccount> =>
    call(accountOps.get, { account_id: accountId }, opts),
  add: (body: TAccountAddRequest, opts?: TOpts): Promise<TAccountAddResponse> => call(accountOps.add, body, opts),
  inviteState: (opts?: TOpts): Promise<TAccountInviteStateResponse> => call(accountOps.inviteState, {}, opts),
  inviteSend: (accountId: number, opts?: TOpts): Promise<TAccountInviteSendResponse> =>
    call(accountOps.inviteSend, { account_id: accountId }, opts),
  edit: (body: TAccountEditRequest, opts?: TOpts): Promise<null> => call(accountOps.edit, body, opts),
  infoEdit: (body: TAccountInfoEditRequest, opts?: TOpts): Promise<null> => call(accountOps.infoEdit, body, opts),
  delete: (accountId: number, opts?: TOpts): Promise<null> => call(accountOps.delete, { account_id: accountId }, opts),
  accessStateEdit: (body: TAccountAccessStateEditRequest, opts?: TOpts): Promise<null> =>
    call(accountOps.accessStateEdit, body, opts),
  visitHistory: (
    query: { account_id: number; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TAccountVisitHistoryListResponse> => call(accountOps.visitHistoryList, query, opts),
  ticketHistory: (
    query: { account_id: number; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TAccountTicketHistoryListResponse> => call(accountOps.ticketHistoryList, query, opts),
  /** `needSuspended` for filters over past work (the reports), never for pickers that assign. */
  agents: (needAdmin: boolean, opts?: TOpts, needSuspended = false): Promise<TAgentAllListResponse> =>
    call(
      accountOps.agentAllList,
      needSuspended ? { need_admin: needAdmin, need_suspended: true } : { need_admin: needAdmin },
      opts,
    ),
  uploadAvatar: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload('/admin/upload.avatar', file, { ...opts, schema: ZUploadResponse }),
};
