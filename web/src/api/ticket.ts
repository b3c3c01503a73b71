import {
  type TAttachment,
  type TTicket,
  type TTicketAddRequest,
  type TTicketAddResponse,
  type TTicketBulkEditRequest,
  type TTicketCommentListResponse,
  type TTicketEditRequest,
  type TTicketEventListResponse,
  type TTicketListRequest,
  type TTicketListResponse,
  type TTicketRequesterTicketsResponse,
  type TTicketSpamResponse,
  type TTicketTagListResponse,
  type TTicketViewListResponse,
  ZAttachment,
  ZTicketAddResponse,
  ZTicketBulkEditResponse,
  ZTicketCommentListResponse,
  ZTicketEditResponse,
  ZTicketEventListResponse,
  ZTicketGetResponse,
  ZTicketListResponse,
  ZTicketRequesterTicketsResponse,
  ZTicketSpamResponse,
  ZTicketTagListResponse,
  ZTicketViewListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

const base = '/admin';

type TIdFilters = 'view_id' | 'assignee_id' | 'group_id' | 'requester_id' | 'company_id';
type TTsFilters = 'create_ts_from' | 'create_ts_to' | 'update_ts_from' | 'update_ts_to';
/** `ticket.list`'s query as the client sends it: ids and times as numbers. */
export type TTicketListQuery = Omit<TPagedQuery<TTicketListRequest>, TIdFilters | TTsFilters> &
  Partial<Record<TIdFilters | TTsFilters, number>>;

/** `ticket.requester.tickets`' query: the requester's tickets but the one on screen. */
interface TRequesterTicketsQuery {
  requester_id: number;
  except_ticket_id?: number;
  offset?: number;
  limit?: number;
}

export const ticketApi = {
  views: (opts?: TOpts): Promise<TTicketViewListResponse> =>
    api.get(`${base}/ticket.view.list`, {}, { ...opts, schema: ZTicketViewListResponse }),
  list: (query: TTicketListQuery, opts?: TOpts): Promise<TTicketListResponse> =>
    api.get(`${base}/ticket.list`, { ...query }, { ...opts, schema: ZTicketListResponse }),
  get: (ticketId: number, opts?: TOpts): Promise<TTicket> =>
    api.get(`${base}/ticket.get`, { ticket_id: ticketId }, { ...opts, schema: ZTicketGetResponse }),
  comments: (ticketId: number, opts?: TOpts): Promise<TTicketCommentListResponse> =>
    api.get(`${base}/ticket.comment.list`, { ticket_id: ticketId }, { ...opts, schema: ZTicketCommentListResponse }),
  add: (body: TTicketAddRequest, opts?: TOpts): Promise<TTicketAddResponse> =>
    api.post(`${base}/ticket.add`, body, { ...opts, schema: ZTicketAddResponse }),
  edit: (body: TTicketEditRequest, opts?: TOpts): Promise<TTicket> =>
    api.post(`${base}/ticket.edit`, body, { ...opts, schema: ZTicketEditResponse }),
  bulkEdit: (body: TTicketBulkEditRequest, opts?: TOpts) =>
    api.post(`${base}/ticket.bulk.edit`, body, { ...opts, schema: ZTicketBulkEditResponse }),
  delete: (ticketIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/ticket.delete`, { ticket_ids: ticketIds }, opts),
  upload: (file: File, opts?: TOpts): Promise<TAttachment> =>
    api.upload(`${base}/ticket.upload`, file, { ...opts, schema: ZAttachment }),
  events: (ticketId: number, opts?: TOpts): Promise<TTicketEventListResponse> =>
    api.get(`${base}/ticket.event.list`, { ticket_id: ticketId }, { ...opts, schema: ZTicketEventListResponse }),
  requesterTickets: (query: TRequesterTicketsQuery, opts?: TOpts): Promise<TTicketRequesterTicketsResponse> =>
    api.get(`${base}/ticket.requester.tickets`, { ...query }, { ...opts, schema: ZTicketRequesterTicketsResponse }),
  tags: (kw: string, opts?: TOpts): Promise<TTicketTagListResponse> =>
    api.get(`${base}/ticket.tag.list`, { kw, limit: 20 }, { ...opts, schema: ZTicketTagListResponse }),
  restore: (ticketIds: number[], opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/ticket.restore`, { ticket_ids: ticketIds }, opts),
  spam: (ticketId: number, opts?: TOpts): Promise<TTicketSpamResponse> =>
    api.post(`${base}/ticket.spam`, { ticket_id: ticketId }, { ...opts, schema: ZTicketSpamResponse }),
};
