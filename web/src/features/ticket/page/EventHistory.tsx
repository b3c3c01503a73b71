import type { TTicket, TTicketEvent } from '@parley/contracts';
import { Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { useTicketEvents } from '../shared/queries';
import { useRelativeTime } from '../shared/useRelativeTime';
import { type TEventLine, useEventText } from './useEventText';

/** Events written by one call (same actor, same moment), newest call first. */
function groupEvents(events: readonly TTicketEvent[]): TTicketEvent[][] {
  const groups: TTicketEvent[][] = [];
  for (const e of events) {
    const last = groups.at(-1);
    const head = last?.[0];
    if (last && head && head.actor_id === e.actor_id && head.create_ts === e.create_ts) {
      last.push(e);
    } else {
      groups.push([e]);
    }
  }
  return groups.reverse();
}

function Line({ line }: { line: TEventLine }) {
  if (line.kind === 'sentence') {
    return <Typography.Text>{line.text}</Typography.Text>;
  }
  return (
    <Typography.Text>
      <Typography.Text type="secondary">{line.field}: </Typography.Text>
      {/* A value that went is struck through; "none" was never there to strike. */}
      <Typography.Text delete={!line.fromEmpty} type="secondary">
        {line.from}
      </Typography.Text>
      <Typography.Text type="secondary"> → </Typography.Text>
      <Typography.Text>{line.to}</Typography.Text>
    </Typography.Text>
  );
}

/** The ticket's history (`ticket.event.list`): who changed what, when, from what to what. */
export function EventHistory({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const events = useTicketEvents(ticket.ticket_id);
  const text = useEventText(ticket, events.data ?? []);
  const relative = useRelativeTime();
  const formatTime = useFormatTime();
  if (events.isPending) {
    return <Skeleton active paragraph={{ rows: 4 }} />;
  }
  if (!events.data || events.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ticket.history_empty')} />;
  }
  return (
    <Timeline
      style={{ paddingTop: 8 }}
      items={groupEvents(events.data).map((group) => {
        const head = group[0] as TTicketEvent;
        return {
          key: head.event_id,
          color: group.some(
            (e) =>
              e.field === 'spam' ||
              e.field === 'delivery_failed' ||
              e.field === 'mail_not_sent' ||
              (e.field === 'deleted' && e.new_value === true),
          )
            ? 'red'
            : 'blue',
          content: (
            <Flex vertical gap={2} data-testid="history-entry">
              <Flex gap={8} align="baseline" wrap>
                <Typography.Text strong>{text.actor(head.actor_id)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} title={formatTime(head.create_ts)}>
                  {relative(head.create_ts)}
                </Typography.Text>
              </Flex>
              {group.map((e) => (
                <Line key={e.event_id} line={text.line(e)} />
              ))}
            </Flex>
          ),
        };
      })}
    />
  );
}
