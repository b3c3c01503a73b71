import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { followLink } from '../../../components/followLink';
import { moveWhenReady } from '../../../routes/moveWhenReady';
import { ticketCommentsQuery, ticketPaths, ticketQuery } from './queries';

/**
 * Opens a ticket from a list: its ticket and comments asked for at the click, the page opened
 * when they are in (routes/moveWhenReady), so that it is drawn once, with its conversation.
 */
export function openTicket(client: QueryClient, navigate: (to: string) => unknown, ticketId: number): void {
  const load = Promise.all([
    client.prefetchQuery(ticketQuery(ticketId)),
    client.prefetchQuery(ticketCommentsQuery(ticketId)),
  ]);
  moveWhenReady(load, () => void navigate(ticketPaths.edit(ticketId)));
}

/** `openTicket` for a list's rows. */
export function useOpenTicket(): (ticketId: number) => void {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (ticketId) => openTicket(client, navigate, ticketId);
}

/** The ticket a ticket page's address names, if it is one. */
function ticketOf(href: string): number | null {
  const id = /\/ticket\/edit\/(\d+)$/.exec(href)?.[1];
  return id ? Number(id) : null;
}

/**
 * The click handler of links to tickets in a list (a row's subject, a phone's card): followLink's
 * (a new tab with a modifier key), opening the ticket as `openTicket` does.
 */
export function useTicketLinkClick() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return followLink((to) => {
    const ticketId = ticketOf(to);
    if (ticketId === null) {
      void navigate(to);
    } else {
      openTicket(client, navigate, ticketId);
    }
  });
}
