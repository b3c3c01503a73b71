import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';
import {
  ZTicketCommentListRequest,
  ZTicketCommentListResponse,
  ZTicketEventListRequest,
  ZTicketEventListResponse,
} from '../ticket/comment.js';
import {
  ZTicketListRequest,
  ZTicketListResponse,
  ZTicketRequesterTicketsRequest,
  ZTicketRequesterTicketsResponse,
  ZTicketTagListRequest,
  ZTicketTagListResponse,
} from '../ticket/list.js';
import { ZTicketGetRequest, ZTicketGetResponse } from '../ticket/page.js';
import {
  ZTicketAddRequest,
  ZTicketAddResponse,
  ZTicketBulkEditRequest,
  ZTicketBulkEditResponse,
  ZTicketDeleteRequest,
  ZTicketEditRequest,
  ZTicketEditResponse,
  ZTicketRestoreRequest,
  ZTicketSpamRequest,
} from '../ticket/write.js';
import { ZTicketViewListResponse } from '../ticket-view.js';

const base = '/api/admin';
const tags = ['tickets'];
/** Screens that list tickets: the home list, search, the views page and the ticket page (requester's tickets). */
const listReaders = { menu: ['/wswt', '/wswt/search', '/wswt/ticket_views', '/wswt/ticket/edit/:ticket_id'] } as const;
const ticketReaders = { menu: '/wswt/ticket/edit/:ticket_id' } as const;

/**
 * The agents' ticket calls: lists, the ticket page, its comments and history, and the writes.
 * Uploads (`ticket.upload`, multipart) and the attachment download (a file) are not operations.
 */
export const ticketOps = {
  list: op({
    method: 'GET',
    path: `${base}/ticket.list`,
    access: listReaders,
    summary: 'Tickets of a view and/or filters and keyword, only those the caller may see',
    tags,
    input: ZTicketListRequest,
    output: ZTicketListResponse,
  }),
  views: op({
    method: 'GET',
    path: `${base}/ticket.view.list`,
    access: { menu: ['/wswt', '/wswt/ticket_views'] },
    summary: "The caller's views in order, with the number of tickets in each",
    tags,
    input: noInput,
    output: ZTicketViewListResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/ticket.get`,
    access: ticketReaders,
    summary: 'One ticket with its requester, members and satisfaction link',
    tags,
    input: ZTicketGetRequest,
    output: ZTicketGetResponse,
  }),
  comments: op({
    method: 'GET',
    path: `${base}/ticket.comment.list`,
    access: ticketReaders,
    summary: 'Public replies and internal notes, oldest first',
    tags,
    input: ZTicketCommentListRequest,
    output: ZTicketCommentListResponse,
  }),
  events: op({
    method: 'GET',
    path: `${base}/ticket.event.list`,
    access: ticketReaders,
    summary: "The ticket's history: who changed what, when, from what to what",
    tags,
    input: ZTicketEventListRequest,
    output: ZTicketEventListResponse,
  }),
  requesterTickets: op({
    method: 'GET',
    path: `${base}/ticket.requester.tickets`,
    access: ticketReaders,
    summary: "The requester's tickets the caller may see, most recently updated first",
    tags,
    input: ZTicketRequesterTicketsRequest,
    output: ZTicketRequesterTicketsResponse,
  }),
  tags: op({
    method: 'GET',
    path: `${base}/ticket.tag.list`,
    access: { menu: ['/wswt/ticket/edit/:ticket_id', '/wswt/ticket/add', '/wswt/search'] },
    summary: 'Tags in use that start with kw, for autocompletion',
    tags,
    input: ZTicketTagListRequest,
    output: ZTicketTagListResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/ticket.add`,
    access: { btn: 'ticket.add' },
    summary: 'Create a ticket for an existing requester or a new one (by email)',
    tags,
    input: ZTicketAddRequest,
    output: ZTicketAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/ticket.edit`,
    access: { btn: 'ticket.edit' },
    summary: 'Reply or add a note and change properties and state, in one transaction with its events',
    tags,
    input: ZTicketEditRequest,
    output: ZTicketEditResponse,
    message: 'saved',
  }),
  bulkEdit: op({
    method: 'POST',
    path: `${base}/ticket.bulk.edit`,
    access: { btn: 'ticket.edit' },
    summary: 'Assign and/or change the state of up to 100 tickets in one transaction',
    tags,
    input: ZTicketBulkEditRequest,
    output: ZTicketBulkEditResponse,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/ticket.delete`,
    access: { btn: 'ticket.delete' },
    summary: 'Move tickets to Deleted tickets (they can be restored)',
    tags,
    input: ZTicketDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
  restore: op({
    method: 'POST',
    path: `${base}/ticket.restore`,
    access: { btn: 'ticket.restore' },
    summary: 'Bring tickets back from Deleted tickets',
    tags,
    input: ZTicketRestoreRequest,
    output: ZEmpty,
    message: 'restored',
  }),
  spam: op({
    method: 'POST',
    path: `${base}/ticket.spam`,
    access: { btn: 'ticket.spam' },
    summary: 'Mark as spam: suspend the requester and delete their tickets',
    tags,
    input: ZTicketSpamRequest,
    output: ZEmpty,
    message: 'marked_spam',
  }),
};
