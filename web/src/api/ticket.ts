import {
  type TAttachment,
  type TTicket,
  type TTicketAddRequest,
  type TTicketAddResponse,
  type TTicketBulkEditRequest,
  type TTicketBulkEditResponse,
  type TTicketCommentListResponse,
  type TTicketEditRequest,
  type TTicketEventListResponse,
  type TTicketListRequest,
  type TTicketListResponse,
  type TTicketRequesterTicketsResponse,
  type TTicketTagListResponse,
  type TTicketViewListResponse,
  ticketOps,
  ZAttachment,
} from '@parley/contracts';
import { call } from './call';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

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
  views: (opts?: TOpts): Promise<TTicketViewListResponse> => call(ticketOps.views, {}, opts),
  list: (query: TTicketListQuery, opts?: TOpts): Promise<TTicketListResponse> =>
    call(ticketOps.list, { ...query }, opts),
  get: (ticketId: number, opts?: TOpts): Promise<TTicket> => call(ticketOps.get, { ticket_id: ticketId }, opts),
  comments: (ticketId: number, opts?: TOpts): Promise<TTicketCommentListResponse> =>
    call(ticketOps.comments, { ticket_id: ticketId }, opts),
  add: (body: TTicketAddRequest, opts?: TOpts): Promise<TTicketAddResponse> => call(ticketOps.add, body, opts),
  edit: (body: TTicketEditRequest, opts?: TOpts): Promise<TTicket> => call(ticketOps.edit, body, opts),
  bulkEdit: (body: TTicketBulkEditRequest, opts?: TOpts): Promise<TTicketBulkEditResponse> =>
    call(ticketOps.bulkEdit, body, opts),
  delete: (ticketIds: number[], opts?: TOpts): Promise<null> => call(ticketOps.delete, { ticket_ids: ticketIds }, opts),
  /** Multipart, not an operation: the answer is still checked. */
  upload: (file: File, opts?: TOpts): Promise<TAttachment> =>
    api.upload('/admin/ticket.upload', file, { ...opts, schema: ZAttachment }),
  events: (ticketId: number, opts?: TOpts): Promise<TTicketEventListResponse> =>
    call(ticketOps.events, { ticket_id: ticketId }, opts),
  requesterTickets: (query: TRequesterTicketsQuery, opts?: TOpts): Promise<TTicketRequesterTicketsResponse> =>
    call(ticketOps.requesterTickets, { ...query }, opts),
  tags: (kw: string, opts?: TOpts): Promise<TTicketTagListResponse> => call(ticketOps.tags, { kw, limit: 20 }, opts),
  restore: (ticketIds: number[], opts?: TOpts): Promise<null> =>
    call(ticketOps.restore, { ticket_ids: ticketIds }, opts),
  spam: (ticketId: number, opts?: TOpts): Promise<null> => call(ticketOps.spam, { ticket_id: ticketId }, opts),
};
