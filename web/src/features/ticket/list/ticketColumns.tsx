import {
  isFieldColumn,
  type TTicketListItem,
  type TTicketSort,
  type TViewBaseColumn,
  type TViewColumn,
} from '@parley/contracts';
import { Flex, Tag } from 'antd';
import { useMemo } from 'react';
import { useEnum } from '../../../components/enumOptions';
import { Text, text } from '../../../components/Text';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { useFieldDefs } from '../../view/useFieldDefs';
import { useTicketLinkClick } from '../shared/openTicket';
import { seenMark, useSeenTickets } from '../shared/seenTickets';
import { priorityText, ticketStateTag } from '../shared/TicketStateTag';
import { useCompanyNames } from '../shared/useCompanyNames';
import { useStaffNames } from '../shared/useNames';
import { useRelativeTime } from '../shared/useRelativeTime';
import { fieldColumn } from './fieldColumns';
import { LatestCommentLink } from './LatestComment';
import type { TListColumn, TSortOrder } from './ListTable';
import { searchSnippet } from './SearchSnippet';

/** The columns of a search (it has no view to take them from). */
export const searchColumns: readonly TViewColumn[] = [
  'ticket_id',
  'subject',
  'requester',
  'ticket_state',
  'priority',
  'assignee',
  'group',
  'create_ts',
  'update_ts',
];

/** Columns the list can be sorted by: the contracts' sort keys. */
const sortableColumns = ['ticket_id', 'create_ts', 'update_ts', 'solved_ts'] as const;
type TSortableColumn = (typeof sortableColumns)[number];
export const isSortable = (key: unknown): key is TSortableColumn => sortableColumns.includes(key as TSortableColumn);

/** The sort of a table column: ascending, newest (largest) first, or not sorted by it. */
function sortOrderOf(sort: TTicketSort, key: TSortableColumn): TSortOrder | null {
  if (sort === key) {
    return 'ascend';
  }
  return sort === `-${key}` ? 'descend' : null;
}

/** The dot before a subject: blue for a ticket not opened yet, orange for one changed since. */
const markDot = { width: 8, height: 8, borderRadius: '50%', flex: 'none', display: 'inline-block' };
const dash = text({ type: 'secondary', children: '—' });
const nowrap = { whiteSpace: 'nowrap' as const };
const subjectGap = { gap: 8 };
const snippetGap = { gap: 2 };
/**
 * A name stays on one line ("Agent 4", not "Agent" over "4") up to a width past which it ends in
 * "…" (the whole name in its title): the table shares its width by content, and the subject's
 * long lines took it all, so short names broke at their spaces.
 */
const oneLine = {
  whiteSpace: 'nowrap' as const,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: 140,
};
/** Long subjects wrap onto two lines at most. */
const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
  overflowWrap: 'anywhere' as const,
};

/**
 * The narrowest each column may get before the table scrolls sideways. Up to that, columns
 * share the width by their content (the table lays out automatically) and text wraps, so a
 * view of eight columns fits beside the views list on a 1280px screen, a classic 17px
 * scroll bar included (the sum of the eight with the selection column: 750 of 755px there,
 * with the narrower margins below 1366px of list.css; at 1366px, 785px).
 */
const minWidths: Record<TViewBaseColumn, number> = {
  ticket_id: 56,
  subject: 124,
  requester: 96,
  company: 96,
  ticket_state: 72,
  priority: 70,
  ticket_type: 80,
  assignee: 96,
  group: 76,
  tags: 120,
  satisfaction: 90,
  create_ts: 104,
  update_ts: 104,
  solved_ts: 104,
  sla_due: 120,
};

type TColumn = Omit<TListColumn<TTicketListItem>, 'key'>;

/**
 * The table columns of a view's column list (contracts' `viewColumns`), in that order, with
 * sorting on the columns that have a sort key. Also gives the width past which the table
 * scrolls sideways.
 */
export function useTicketColumns(
  columns: readonly TViewColumn[],
  sort: TTicketSort,
  rows: TTicketListItem[] | undefined,
): { columns: TListColumn<TTicketListItem>[]; scrollX: number } {
  const { t } = useTranslation();
  const names = useStaffNames();
  const companies = useCompanyNames(
    (rows ?? []).map((r) => r.company_id),
    columns.includes('company'),
  );
  const when = useRelativeTime();
  const fullTime = useFormatTime();
  const types = useEnum('ticket_type');
  const satisfaction = useEnum('satisfaction');
  const seen = useSeenTickets();
  const fields = useFieldDefs();
  // One click handler for every row's subject link.
  const openLink = useTicketLinkClick();
  // The columns' words, looked up once per language (`t` changes with it), not on every render
  // nor per row: an i18next lookup is ~0.3 ms at 4× CPU, and the table renders several times
  // while a screen opens (issue 15).
  const words = useMemo(
    () => ({
      title: {
        ticket_id: t('ticket.id'),
        subject: t('ticket.subject'),
        requester: t('ticket.requester'),
        company: t('ticket.company'),
        ticket_state: t('ticket.state'),
        priority: t('ticket.priority'),
        ticket_type: t('ticket.type'),
        assignee: t('ticket.assignee'),
        group: t('ticket.group'),
        tags: t('ticket.tags'),
        satisfaction: t('ticket.satisfaction'),
        create_ts: t('ticket.created'),
        update_ts: t('ticket.updated'),
        solved_ts: t('ticket.solved'),
        sla_due: t('ticket.sla_due'),
      } satisfies Record<TViewBaseColumn, string>,
      marks: { new: t('ticket.mark_new'), updated: t('ticket.mark_updated') },
      unassigned: text({ type: 'secondary', children: t('ticket.unassigned') }),
      noGroup: text({ type: 'secondary', children: t('ticket.no_group') }),
      yesNo: [t('view.yes'), t('view.no')] as [string, string],
    }),
    [t],
  );
  const { title, marks, unassigned, noGroup } = words;

  const time = (key: 'create_ts' | 'update_ts' | 'solved_ts', title: string): TColumn => ({
    title,
    sort: { order: sortOrderOf(sort, key), directions: ['descend', 'ascend'] },
    cellStyle: nowrap,
    render: (row) => {
      const ts = row[key];
      return ts === null ? dash : <span title={fullTime(ts)}>{when(ts)}</span>;
    },
  });

  const byColumn: Record<TViewBaseColumn, TColumn> = {
    ticket_id: {
      title: title.ticket_id,
      sort: { order: sortOrderOf(sort, 'ticket_id') },
      cellStyle: nowrap,
      render: (row) => `#${row.ticket_id}`,
    },
    subject: {
      title: title.subject,
      render: (row) => {
        // Solved and closed tickets need no attention: only live ones are marked.
        const live = row.ticket_state !== 'solved' && row.ticket_state !== 'closed';
        const mark = live ? seenMark(seen, row.ticket_id, row.update_ts) : null;
        // Flex's markup (its style sheet is built with the app: decision 0013), as the cells below:
        // components only for their looks are a fiber each per row (issue 15).
        return (
          <div className="ant-flex parley ant-flex-align-baseline" style={subjectGap}>
            {mark && (
              <span
                role="img"
                aria-label={marks[mark]}
                title={marks[mark]}
                style={{ ...markDot, background: mark === 'new' ? '#1677ff' : '#fa8c16' }}
              />
            )}
            <div className="ant-flex parley ant-flex-align-stretch ant-flex-vertical" style={snippetGap}>
              <LatestCommentLink
                ticketId={row.ticket_id}
                style={{ ...twoLines, fontWeight: mark === 'new' ? 600 : undefined }}
                onClick={openLink}
              >
                {row.subject}
              </LatestCommentLink>
              {row.snippet && searchSnippet(row.snippet)}
            </div>
          </div>
        );
      },
    },
    requester: {
      title: title.requester,
      cellStyle: oneLine,
      cellTitle: (row) => (row.requester_name ? `${row.requester_name} <${row.requester_email}>` : row.requester_email),
      render: (row) => row.requester_name || row.requester_email,
    },
    company: {
      title: title.company,
      cellStyle: oneLine,
      cellTitle: (row) => companies(row.company_id) ?? undefined,
      render: (row) => companies(row.company_id) ?? dash,
    },
    ticket_state: {
      title: title.ticket_state,
      cellStyle: nowrap,
      render: (row) => ticketStateTag(row.ticket_state),
    },
    priority: {
      title: title.priority,
      cellStyle: nowrap,
      render: (row) => priorityText(row.priority),
    },
    ticket_type: {
      title: title.ticket_type,
      cellStyle: nowrap,
      render: (row) => types.label(row.ticket_type),
    },
    assignee: {
      title: title.assignee,
      cellStyle: oneLine,
      cellTitle: (row) => names.agent(row.assignee_id) ?? undefined,
      render: (row) => names.agent(row.assignee_id) ?? unassigned,
    },
    group: {
      title: title.group,
      cellStyle: oneLine,
      cellTitle: (row) => names.group(row.group_id) ?? undefined,
      render: (row) => names.group(row.group_id) ?? noGroup,
    },
    tags: {
      title: title.tags,
      render: ({ tags }) =>
        tags.length === 0 ? (
          dash
        ) : (
          <Flex gap={4} wrap title={tags.join(', ')}>
            {tags.slice(0, 3).map((tag) => (
              <Tag key={tag} style={{ marginInlineEnd: 0 }}>
                {tag}
              </Tag>
            ))}
            {tags.length > 3 && <Text type="secondary">+{tags.length - 3}</Text>}
          </Flex>
        ),
    },
    satisfaction: {
      title: title.satisfaction,
      cellStyle: nowrap,
      render: ({ satisfaction: value }) =>
        value === 'unoffered' ? (
          <Text type="secondary">{satisfaction.label(value)}</Text>
        ) : (
          <Tag color={value === 'good' ? 'green' : 'red'}>{satisfaction.label(value)}</Tag>
        ),
    },
    create_ts: time('create_ts', title.create_ts),
    update_ts: time('update_ts', title.update_ts),
    solved_ts: time('solved_ts', title.solved_ts),
    // The next SLA target: when it breaches, in red once passed (the view can sort by it).
    sla_due: {
      title: title.sla_due,
      cellStyle: nowrap,
      render: ({ sla_due_ts: ts }) =>
        ts === null ? (
          dash
        ) : (
          <Text type={ts < Date.now() ? 'danger' : undefined} title={fullTime(ts)}>
            {fullTime(ts)}
          </Text>
        ),
    },
  };

  // A view stored before a column was renamed may repeat or name an unknown one: show each known one once.
  const shown = [...new Set(columns)].filter((c) => c in byColumn || isFieldColumn(c));
  const tableColumns = shown.map((c) =>
    isFieldColumn(c)
      ? fieldColumn(
          c,
          fields.data?.list.find((f) => f.field_key === c),
          words.yesNo,
        )
      : { key: c, ...byColumn[c as TViewBaseColumn] },
  );
  const scrollX = shown.reduce((sum, c) => sum + (isFieldColumn(c) ? 120 : minWidths[c as TViewBaseColumn]), 0);
  return { columns: tableColumns, scrollX };
}
