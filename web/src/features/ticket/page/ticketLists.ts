import type { QueryClient } from '@tanstack/react-query';
import { offeredNotesQuery } from '../../note/queries';
import { fieldListQuery } from '../../ticket-field/fieldList';
import { formListQuery } from '../../ticket-form/queries';
import { ticketSettingsQuery } from '../shared/queries';

/**
 * The lists the ticket page reads beside the ticket (custom fields, forms, the notes it offers,
 * the ticket settings), asked for before the ticket arrives (issue 15): with the ticket when a
 * ticket is opened by its address, while the list is on screen when it is opened from the list
 * (routes/warmScreens). Asked for by the page itself they came after the ticket, a second round
 * trip, and each answer drew the properties panel or the whole page again once it was on screen.
 * Lists already in the cache and fresh are not asked for again.
 */
export function prefetchTicketLists(client: QueryClient): void {
  void client.prefetchQuery(fieldListQuery(true));
  void client.prefetchQuery(formListQuery(true));
  void client.prefetchQuery(offeredNotesQuery);
  void client.prefetchQuery(ticketSettingsQuery);
}
