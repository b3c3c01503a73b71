import type { TTicketListItem } from '@parley/contracts';
import type { TablePaginationConfig } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { enumLabel } from '../../../components/enumOptions';
import { lightTag } from '../../../components/LightTag';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { useTicketLinkClick } from '../shared/openTicket';
import { ticketPaths } from '../shared/queries';
import { seenMark, useSeenTickets } from '../shared/seenTickets';
import { ticketStateTag } from '../shared/TicketStateTag';
import { useRelativeTime } from '../shared/useRelativeTime';
import { ListEmpty, ListFrame } from './ListTable';
import { searchSnippet } from './SearchSnippet';

const priorityColors = { low: undefined, normal: undefined, high: 'orange', urgent: 'red' } as const;

/**
 * The tickets of a list on a phone: one card a ticket, the whole card a link to it (a tap opens
 * it, a long press offers a new tab as any link does). A view's columns do not fit a phone's
 * width (a table of eight columns scrolled sideways, the state and times out of sight), so a card
 * shows what a ticket is at a glance whatever the view's columns: its subject (two lines at most),
 * its state, its priority when not normal, its requester and when it was last updated.
 * Sorting is the wide screen's; the keyboard's triage is the list's own (TicketTable): j/k give a
 * card the focus, Enter opens it, x selects it. Where tickets can be edited in bulk, each card has
 * a checkbox before it, a finger's 44px wide, as the table's rows have theirs: a phone has no x.
 */
export function TicketCards({
  rows,
  loading,
  pagination,
  emptyText,
  active,
  selected,
  onActivate,
  onToggle,
}: {
  rows: readonly TTicketListItem[] | undefined;
  loading: boolean;
  pagination: TablePaginationConfig;
  emptyText: ReactNode;
  /** The keyboard's row (j/k), marked as on the table. */
  active: number;
  /** The tickets selected with x. */
  selected: readonly number[];
  /** A card opened or come to with Tab: the keyboard's j/k go on from it. */
  onActivate: (index: number) => void;
  /** Where tickets can be edited in bulk: a card's checkbox selects or unselects it. */
  onToggle?: (ticketId: number) => void;
}) {
  const { t } = useTranslation();
  const seen = useSeenTickets();
  const when = useRelativeTime();
  const fullTime = useFormatTime();
  const follow = useTicketLinkClick();
  const list = rows ?? [];
  return (
    <ListFrame loading={loading} pagination={pagination}>
      {list.length === 0 ? (
        // Still loading the first rows: the spinner alone, not "no tickets".
        !(loading && rows === undefined) && <ListEmpty text={emptyText} />
      ) : (
        <ul className="ticket-cards">
          {list.map((row, index) => {
            const live = row.ticket_state !== 'solved' && row.ticket_state !== 'closed';
            const mark = live ? seenMark(seen, row.ticket_id, row.update_ts) : null;
            const priorityColor = priorityColors[row.priority];
            const isSelected = selected.includes(row.ticket_id);
            return (
              <li
                key={row.ticket_id}
                className={`${onToggle ? 'is-pickable' : ''}${isSelected ? ' is-selected' : ''}`.trim() || undefined}
              >
                {onToggle && (
                  <label className="ticket-card-pick">
                    <input
                      type="checkbox"
                      checked={isSelected}
                      onChange={() => onToggle(row.ticket_id)}
                      aria-label={`#${row.ticket_id} ${row.subject}`}
                    />
                  </label>
                )}
                {/* The row's key on the link: the keyboard's j/k give the focus to what carries it. */}
                <a
                  href={ticketPaths.edit(row.ticket_id)}
                  data-discover="true"
                  data-row-key={row.ticket_id}
                  className={`ticket-card${index === active ? ' ticket-card-active' : ''}`}
                  onFocus={() => onActivate(index)}
                  onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                    onActivate(index);
                    follow(event);
                  }}
                >
                  <span className="ticket-card-subject">
                    {mark && (
                      <span
                        role="img"
                        aria-label={t(mark === 'new' ? 'ticket.mark_new' : 'ticket.mark_updated')}
                        className={`ticket-card-mark is-${mark}`}
                      />
                    )}
                    <span className={`ticket-card-title${mark === 'new' ? ' is-new' : ''}`}>{row.subject}</span>
                  </span>
                  {row.snippet && searchSnippet(row.snippet)}
                  <span className="ticket-card-meta">
                    {ticketStateTag(row.ticket_state)}
                    {row.priority !== 'normal' &&
                      lightTag({
                        color: priorityColor,
                        style: { marginInlineEnd: 0 },
                        children: enumLabel('ticket_priority', row.priority),
                      })}
                    <span className="ticket-card-requester">{row.requester_name || row.requester_email}</span>
                    <span
                      className="ticket-card-time"
                      title={t('ticket.other_updated', { time: fullTime(row.update_ts) })}
                    >
                      {when(row.update_ts)}
                    </span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </ListFrame>
  );
}
