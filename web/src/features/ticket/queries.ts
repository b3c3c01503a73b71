import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type TTicketListQuery, ticketApi } from '../../api/ticket';

export const ticketPaths = {
  list: '/wswt',
  views: '/wswt/ticket_views',
  search: '/wswt/search',
  add: '/wswt/ticket/add',
  edit: (ticketId: number) => `/wswt/ticket/edit/${ticketId}`,
  viewList: (viewId: number) => `/wswt?view_id=${viewId}`,
};

export const ticketKeys = {
  all: ['ticket'] as const,
  views: ['ticket', 'views'] as const,
  list: (query: object) => ['ticket', 'list', query] as const,
  one: (ticketId: number) => ['ticket', 'one', ticketId] as const,
  comments: (ticketId: number) => ['ticket', 'comments', ticketId] as const,
};

export function useTicketViews() {
  return useQuery({
    queryKey: ticketKeys.views,
    queryFn: ({ signal }) => ticketApi.views({ signal }),
    select: (data) => data.list,
  });
}

export function useTicketList(query: TTicketListQuery, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => ticketApi.list(query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTicket(ticketId: number, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => ticketApi.get(ticketId, { signal }),
    enabled,
  });
}

export function useTicketComments(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.comments(ticketId),
    queryFn: ({ signal }) => ticketApi.comments(ticketId, { signal }),
    select: (data) => data.list,
  });
}
