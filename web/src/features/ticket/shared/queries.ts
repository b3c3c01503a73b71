import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { settingApi } from '../../../api/setting';
import { type TTicketListQuery, ticketApi } from '../../../api/ticket';
import { pickerSilent, type TOpts } from '../../../api/types';
import { staffPath } from '../../../routes/staffPath';

export const ticketPaths = {
  list: staffPath('/wswt'),
  views: staffPath('/wswt/ticket_views'),
  search: staffPath('/wswt/search'),
  add: staffPath('/wswt/ticket/add'),
  edit: (ticketId: number) => staffPath('/wswt/ticket/edit/:ticket_id', { ticket_id: ticketId }),
  viewList: (viewId: number) => `${staffPath('/wswt')}?view_id=${viewId}`,
  /** The requester (or any account) seen from a ticket. */
  account: (ticketId: number, accountId: number) =>
    staffPath('/wswt/ticket/edit/:ticket_id/account/:account_id', { ticket_id: ticketId, account_id: accountId }),
};

export const ticketKeys = {
  all: ['ticket'] as const,
  views: ['ticket', 'views'] as const,
  /** Every ticket list, whatever its query: what a change to a ticket refreshes. */
  lists: ['ticket', 'list'] as const,
  list: (query: object) => ['ticket', 'list', query] as const,
  one: (ticketId: number) => ['ticket', 'one', ticketId] as const,
  comments: (ticketId: number) => ['ticket', 'comments', ticketId] as const,
  events: (ticketId: number) => ['ticket', 'events', ticketId] as const,
  requesterTickets: (requesterId: number, ticketId: number) =>
    ['ticket', 'requester-tickets', requesterId, ticketId] as const,
  tags: (kw: string) => ['ticket', 'tags', kw] as const,
  /** Shared with the ticket settings screen, so that saving there refreshes the ticket page. */
  settings: ['settings', 'ticket'] as const,
};

export function useTicketViews() {
  return useQuery({
    queryKey: ticketKeys.views,
    queryFn: ({ signal }) => ticketApi.views({ signal }),
    select: (data) => data.list,
  });
}

/** A page of tickets: what the list shows, and what a click asks for before the list moves to it. */
export function ticketListQuery(query: TTicketListQuery, silent?: TOpts['silent']) {
  return queryOptions({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => ticketApi.list(query, { signal, ...(silent ? { silent } : {}) }),
  });
}

/** `silent`: failures the screen shows itself (the search shows why a search is refused). */
export function useTicketList(query: TTicketListQuery, enabled = true, silent?: TOpts['silent']) {
  return useQuery({ ...ticketListQuery(query, silent), placeholderData: keepPreviousData, enabled });
}

/**
 * A ticket. A ticket that is not there, or not for this user, is said where it is asked for (the
 * ticket page's "does not exist", a header tab that drops itself), not by leaving the page.
 */
export function useTicket(ticketId: number, enabled = true) {
  return useQuery({ ...ticketQuery(ticketId), enabled });
}

export const ticketQuery = (ticketId: number) =>
  queryOptions({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => ticketApi.get(ticketId, { signal, silent: pickerSilent }),
  });

export const ticketCommentsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: ticketKeys.comments(ticketId),
    queryFn: ({ signal }) => ticketApi.comments(ticketId, { signal }),
  });

export function useTicketComments(ticketId: number, enabled = true) {
  return useQuery({ ...ticketCommentsQuery(ticketId), select: (data) => data.list, enabled });
}

export function useTicketEvents(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.events(ticketId),
    queryFn: ({ signal }) => ticketApi.events(ticketId, { signal }),
    select: (data) => data.list,
  });
}

/** The requester's other tickets, most recently updated first. */
export const requesterTicketsQuery = (requesterId: number, ticketId: number) =>
  queryOptions({
    queryKey: ticketKeys.requesterTickets(requesterId, ticketId),
    queryFn: ({ signal }) =>
      ticketApi.requesterTickets(
        { requester_id: requesterId, except_ticket_id: ticketId, offset: 0, limit: 5 },
        { signal, silent: pickerSilent },
      ),
  });

export function useRequesterTickets(requesterId: number, ticketId: number) {
  return useQuery(requesterTicketsQuery(requesterId, ticketId));
}

export const ticketSettingsQuery = queryOptions({
  queryKey: ticketKeys.settings,
  queryFn: ({ signal }) => settingApi.ticketGet({ signal, silent: pickerSilent }),
  staleTime: 60_000,
});

/** Ticket settings (tags, CCs, followers on or off); undefined while loading or unreadable. */
export function useTicketSettings() {
  return useQuery(ticketSettingsQuery).data;
}

/** Tags in use that start with `kw`, for the tags field's suggestions. */
export function useTagSuggestions(kw: string, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.tags(kw),
    queryFn: ({ signal }) => ticketApi.tags(kw, { signal, silent: pickerSilent }),
    select: (data) => data.list,
    enabled,
    staleTime: 60_000,
  });
}
