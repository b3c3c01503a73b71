import { BankOutlined } from '@ant-design/icons';
import { shownEmail, type TTicket, type TTicketComment } from '@parley/contracts';
import { Badge, Card, Divider, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { followLink } from '../../../components/followLink';
import { LetterAvatar } from '../../../components/LetterAvatar';
import { Text, text } from '../../../components/Text';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { AccessTag } from '../../account/AccountTags';
import { CompanyLink } from '../../company/CompanyLink';
import { ticketPaths, useRequesterTickets } from '../shared/queries';
import { ticketStateTag } from '../shared/TicketStateTag';
import { useRelativeTime } from '../shared/useRelativeTime';

/** docs/product.md §4 and §9: a requester who wrote within the last 180 seconds counts as active. */
const activeWindowMs = 180_000;

/** When the requester last wrote on this ticket, from its comments; null when never. */
function lastWroteTs(ticket: TTicket, comments: readonly TTicketComment[] | undefined): number | null {
  let last: number | null = null;
  for (const c of comments ?? []) {
    if (c.author_id === ticket.requester_id && (last === null || c.create_ts > last)) {
      last = c.create_ts;
    }
  }
  return last;
}

/** True while `ts` is within the active window; re-renders when the window ends. */
function useActive(ts: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const left = ts === null ? 0 : ts + activeWindowMs - now;
  useEffect(() => {
    if (left <= 0) {
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [left]);
  return left > 0;
}

// The texts are Typography's markup (components/Text.tsx), cut by CSS with the whole text as a
// title: Typography's ellipsis measured each one in a layout effect (a layout of the page each)
// and watched it with a ResizeObserver (issue 15). The rows are markup made by functions, their
// links the router Link's markup with the app's own click handler (followLink).
function OtherTickets({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const relative = useRelativeTime();
  const formatTime = useFormatTime();
  const others = useRequesterTickets(ticket.requester_id, ticket.ticket_id);
  if (others.isPending) {
    return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  }
  const list = others.data?.list ?? [];
  if (list.length === 0) {
    return <Text type="secondary">{t('ticket.no_other_tickets')}</Text>;
  }
  const more = (others.data?.total ?? 0) - list.length;
  const follow = followLink(navigate);
  // Flex's and the router Link's markup, the tags and texts made by functions: no fibers of their own.
  return (
    <div className="ant-flex parley ant-flex-align-stretch ant-flex-vertical" style={{ gap: 8 }}>
      {list.map((row) => (
        <div
          key={row.ticket_id}
          className="ant-flex parley ant-flex-align-stretch ant-flex-vertical"
          style={{ gap: 2 }}
        >
          <a href={ticketPaths.edit(row.ticket_id)} data-discover="true" style={{ minWidth: 0 }} onClick={follow}>
            {text({
              ellipsis: true,
              style: { color: 'inherit', maxWidth: '100%' },
              title: `#${row.ticket_id} ${row.subject}`,
              // The text nodes Link's children made: the ellipsis falls on the same pixels.
              children: (
                <>
                  #{row.ticket_id} {row.subject}
                </>
              ),
            })}
          </a>
          <div className="ant-flex parley ant-flex-align-center" style={{ gap: 6 }}>
            {ticketStateTag(row.ticket_state)}
            {text({
              type: 'secondary',
              style: { fontSize: 12 },
              // When it last changed (the list's order, and whether it is still going on).
              title: t('ticket.other_updated', { time: formatTime(row.update_ts) }),
              children: t('ticket.other_updated', { time: relative(row.update_ts) }),
            })}
          </div>
        </div>
      ))}
      {more > 0 && (
        <Link to={ticketPaths.account(ticket.ticket_id, ticket.requester_id)}>
          {t('ticket.more_tickets', { count: more })}
        </Link>
      )}
    </div>
  );
}

/** Who the ticket is for: name (to their account seen from the ticket), email, organization, other tickets. */
export function RequesterPanel({ ticket, comments }: { ticket: TTicket; comments: TTicketComment[] | undefined }) {
  const { t } = useTranslation();
  const person = ticket.requester;
  const active = useActive(lastWroteTs(ticket, comments));
  const name = person.real_name || person.email;
  return (
    <Card size="small" title={t('ticket.requester')} variant="borderless">
      <Flex gap={12} align="center">
        <Badge dot={active} status="success" offset={[-4, 30]}>
          <LetterAvatar
            src={person.avatar || undefined}
            style={{ background: '#1668dc' }}
            letter={name.charAt(0).toUpperCase()}
          />
        </Badge>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={6} align="center" wrap>
            {/* In a wrapping row a link is as wide as its longest word: a name without spaces breaks instead. */}
            <Link
              to={ticketPaths.account(ticket.ticket_id, person.account_id)}
              style={{ minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {name}
            </Link>
            {active && <Badge status="success" text={t('ticket.active')} />}
            <AccessTag state={person.access_state} />
          </Flex>
          {/* A chat visitor who gave no email has a made-up one (it receives nothing): not shown. */}
          {shownEmail(person.email) && (
            <Text type="secondary" ellipsis title={person.email}>
              {person.email}
            </Text>
          )}
          <CompanyLink companyId={person.company_id}>
            {(link, company) => (
              <Text type="secondary" ellipsis title={company}>
                <BankOutlined aria-hidden /> {link}
              </Text>
            )}
          </CompanyLink>
        </Flex>
      </Flex>
      <Divider style={{ margin: '12px 0' }} titlePlacement="start" plain>
        {t('ticket.other_tickets')}
      </Divider>
      <OtherTickets ticket={ticket} />
    </Card>
  );
}
