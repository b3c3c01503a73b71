import { ClockCircleOutlined, PauseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/rulesStrings';
import { Text } from '../../components/Text';
import { formatMinutes, useFormatTime } from '../../components/useFormatTime';
import { ticketSlaQuery } from './queries';

/** Ticks every half minute, so "12 min left" stays true while the page is open. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The ticket's next SLA target in the properties: which one, how long is left or how long it is
 * overdue, paused while pending where the policy says so, or that its schedule has no business
 * hours ahead (it never falls due). Nothing when no policy applies.
 */
export function TicketSla({ ticketId, updateTs }: { ticketId: number; updateTs: number }) {
  const { t } = useTranslation();
  const now = useNow();
  const fullTime = useFormatTime();
  const [openedAt] = useState(() => Date.now());
  const query = useQuery({
    ...ticketSlaQuery(ticketId, updateTs),
    // Every 5 s in the page's first minute (an admin who just saved a policy comes to look), then
    // every 15 s (one small row each time).
    refetchInterval: () => (Date.now() - openedAt < 60_000 ? 5_000 : 15_000),
  });
  const sla = query.data;
  if (!sla || (sla.policy_title === null && sla.metric === null)) {
    return null;
  }
  let tag: { color: string; icon: ReactNode; text: string };
  if (sla.metric === null) {
    tag = { color: 'default', icon: <ClockCircleOutlined aria-hidden />, text: t('sla.no_target') };
  } else if (sla.due_ts === null && sla.paused_left === null) {
    // The policy's schedule has no business hours ahead: the target never falls due.
    tag = { color: 'default', icon: <ClockCircleOutlined aria-hidden />, text: t('sla.no_business_time') };
  } else if (sla.due_ts === null) {
    const left = sla.paused_left ?? 0;
    tag = {
      color: left < 0 ? 'error' : 'default',
      icon: <PauseCircleOutlined aria-hidden />,
      text:
        left < 0
          ? t('sla.paused_overdue', { time: formatMinutes(t, -left) })
          : t('sla.paused', { time: formatMinutes(t, left) }),
    };
  } else {
    const left = (sla.due_ts - now) / 60_000;
    tag =
      left < 0 || sla.breached
        ? {
            color: 'error',
            icon: <WarningOutlined aria-hidden />,
            text: t('sla.overdue', { time: formatMinutes(t, Math.max(1, -left)) }),
          }
        : {
            color: left < 60 ? 'warning' : 'success',
            icon: <ClockCircleOutlined aria-hidden />,
            text: t('sla.left', { time: formatMinutes(t, Math.max(1, left)) }),
          };
  }
  const details = [
    sla.due_ts !== null ? t('sla.due_at', { at: fullTime(sla.due_ts) }) : null,
    sla.policy_title ? t('sla.policy', { title: sla.policy_title }) : null,
  ].filter(Boolean);
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }} data-testid="ticket-sla">
      <Text type="secondary">{t('sla.next_target')}</Text>
      <Flex gap={6} align="center" wrap>
        {sla.metric && <Text strong>{t(`sla.metric.${sla.metric}`)}</Text>}
        <Tag color={tag.color} icon={tag.icon} style={{ marginInlineEnd: 0 }}>
          {tag.text}
        </Tag>
      </Flex>
      {details.length > 0 && (
        <Text type="secondary" style={{ fontSize: 12 }}>
          {details.join(' · ')}
        </Text>
      )}
    </Flex>
  );
}
