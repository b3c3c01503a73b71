import type { TTicketSort } from '@parley/contracts';
import { ticketApi } from '../../../api/ticket';
import { local, storageKeys } from '../../../auth/storage';
import { lastTicketList } from '../../../layout/tabs';
import { parseSort } from '../shared/sort';

export const afterSubmitChoices = ['close_tab', 'next_ticket', 'stay'] as const;
export type TAfterSubmit = (typeof afterSubmitChoices)[number];

/** The agent's after-submit choice (docs/product.md §4), kept in this browser. */
export const afterSubmitStore = {
  get: (): TAfterSubmit => {
    const value = local.get<string>(storageKeys.afterSubmit);
    return afterSubmitChoices.find((c) => c === value) ?? 'close_tab';
  },
  set: (value: TAfterSubmit) => local.set(storageKeys.afterSubmit, value),
};

/**
 * The ticket after `ticketId` in the view of the last ticket list (the first other one when it
 * is not in the first 100), or that list itself after the view's last ticket or when it holds no
 * other. Asked before the ticket is saved: saving moves it in a view sorted by update, and the
 * next one is the one after it as the agent saw the list.
 */
export async function nextTicketPath(ticketId: number, editPath: (id: number) => string): Promise<string> {
  const listPath = lastTicketList.get();
  const params = new URL(listPath, 'http://x').searchParams;
  const viewId = Number(params.get('view_id')) || undefined;
  const sort: TTicketSort | undefined = parseSort(params.get('sort') ?? undefined);
  try {
    const page = await ticketApi.list(
      { view_id: viewId, offset: 0, limit: 100, ...(sort ? { sort } : {}) },
      { silent: ['0403', '0404'] },
    );
    const at = page.list.findIndex((row) => row.ticket_id === ticketId);
    const next = at >= 0 ? page.list[at + 1] : page.list.find((row) => row.ticket_id !== ticketId);
    return next ? editPath(next.ticket_id) : listPath;
  } catch {
    return listPath;
  }
}
