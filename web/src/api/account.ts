import {
  type TAccount,
  type TAccountAccessStateEditRequest,
  type TAccountAddRequest,
  type TAccountEditRequest,
  type TAccountInfoEditRequest,
  type TAccountListRequest,
  type TAccountListResponse,
  type TAccountTicketHistoryListResponse,
  type TAccountVisitHistoryListResponse,
  type TAgentAllListResponse,
  type TUploadResponse,
  ZAccountAddResponse,
  ZAccountGetResponse,
  ZAccountListResponse,
  ZAccountTicketHistoryListResponse,
  ZAccountVisitHistoryListResponse,
  ZAgentAllListResponse,
  ZUploadResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

export type TAccountListQuery = Omit<TPagedQuery<TAccountListRequest>, 'company_id'> & { company_id?: number };

export const accountApi = {
  list: (query: TAccountListQuery, opts?: TOpts): Promise<TAccountListResponse> =>
    api.get('/admin/auth.account.list', { ...query }, { ...opts, schema: ZAccountListResponse }),
  get: (accountId: number, opts?: TOpts): Promise<TAccount> =>
    api.get('/admin/auth.account.get', { account_id: accountId }, { ...opts, schema: ZAccountGetResponse }),
  add: (body: TAccountAddRequest, opts?: TOpts) =>
    api.post('/admin/auth.account.add', body, { ...opts, schema: ZAccountAddResponse }),
  edit: (body: TAccountEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.account.edit', body, opts),
  infoEdit: (body: TAccountInfoEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.account.info.edit', body, opts),
  delete: (accountId: number, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.account.delete', { account_id: accountId }, opts),
  accessStateEdit: (body: TAccountAccessStateEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/auth.account.access_state.edit', body, opts),
  visitHistory: (
    query: { account_id: number; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TAccountVisitHistoryListResponse> =>
    api.get(
      '/admin/auth.account.visit.history.list',
      { ...query },
      { ...opts, schema: ZAccountVisitHistoryListResponse },
    ),
  ticketHistory: (
    query: { account_id: number; offset?: number; limit?: number },
    opts?: TOpts,
  ): Promise<TAccountTicketHistoryListResponse> =>
    api.get(
      '/admin/auth.account.ticket.history.list',
      { ...query },
      { ...opts, schema: ZAccountTicketHistoryListResponse },
    ),
  agents: (needAdmin: boolean, opts?: TOpts): Promise<TAgentAllListResponse> =>
    api.post('/admin/auth.agent.all.list', { need_admin: needAdmin }, { ...opts, schema: ZAgentAllListResponse }),
  uploadAvatar: (file: Blob, opts?: TOpts): Promise<TUploadResponse> =>
    api.upload('/admin/upload.avatar', file, { ...opts, schema: ZUploadResponse }),
};
