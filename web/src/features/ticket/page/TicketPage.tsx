import type { TTicket, TTicketEditRequest, TTicketUpdated } from '@parley/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Result, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { ticketApi } from '../../../api/ticket';
import { LightCardTabs } from '../../../components/LightCardTabs';
import { text } from '../../../components/Text';
import { useAfterPaint } from '../../../components/useAfterPaint';
import { useSave } from '../../../components/useSave';
import { useTranslation } from '../../../i18n/useTranslation';
import { usePhone, useWide } from '../../../layout/usePhone';
import { useScreenTitle } from '../../../routes/useDocumentTitle';
import { ticketSlaQuery } from '../../sla/queries';
import { requesterTicketsQuery, ticketKeys, useTicket, useTicketComments, useTicketSettings } from '../shared/queries';
import { markSeen } from '../shared/seenTickets';
import { TicketStateTag } from '../shared/TicketStateTag';
import { Conversation } from './Conversation';
import { EventHistory } from './EventHistory';
import { FoldedProperties } from './FoldedProperties';
import { keepEdits } from './keepEdits';
import { PanelPlaceholder } from './PanelPlaceholder';
import { PropertiesPanel, type TTicketProps } from './PropertiesPanel';
import { RequesterPanel } from './RequesterPanel';
import { TicketActions } from './TicketActions';
import { TicketComposer } from './TicketComposer';
import { TicketPresence } from './TicketPresence';
import { prefetchTicketLists } from './ticketLists';
import { useTicketPresence } from './useTicketPresence';

type TTab = 'conversation' | 'history';

/** Someone else's change refused this page's save (`ticket_edit_conflict`): the page must show theirs. */
const isEditConflict = (error: unknown) => isApiError(error) && 'base_update_ts' in error.fields;

function TicketHeader({
  ticket,
  editable,
  onConflict,
  onSaved,
}: {
  ticket: TTicket;
  editable: boolean;
  onConflict: (error: unknown) => boolean;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  // Its own save: renaming must not clear the composer or close the tab as a submit does.
  const rename = useSave({
    call: (body: TTicketEditRequest, opts) => ticketApi.edit(body, opts),
    handleError: onConflict,
    invalidate: [ticketKeys.events(ticket.ticket_id), ticketKeys.lists],
    onSaved: (updated) => {
      queryClient.setQueryData(ticketKeys.one(ticket.ticket_id), updated);
      onSaved();
    },
  });
  const saveSubject = (subject: string) => {
    const trimmed = subject.trim();
    if (trimmed !== '' && trimmed !== ticket.subject) {
      rename.save({ ticket_id: ticket.ticket_id, subject: trimmed, base_update_ts: ticket.update_ts });
    }
  };
  const phone = usePhone();
  const id = text({ type: 'secondary', style: { fontSize: 18 }, children: `#${ticket.ticket_id}` });
  const subject = (
    <Typography.Title
      level={4}
      style={phone ? { margin: 0 } : { margin: 0, flex: 1, minWidth: 200 }}
      editable={editable ? { onChange: saveSubject, triggerType: ['icon'], maxLength: 250 } : false}
    >
      {ticket.subject}
    </Typography.Title>
  );
  return (
    <Card variant="borderless">
      {phone ? (
        // The subject on a line of its own, the screen's whole width: between the id and the state
        // a long one stood a word a line.
        <Flex vertical gap={8}>
          <Flex gap={12} align="center">
            {id}
            <TicketStateTag state={ticket.ticket_state} />
            <div style={{ marginInlineStart: 'auto' }}>
              <TicketActions ticket={ticket} />
            </div>
          </Flex>
          {subject}
        </Flex>
      ) : (
        <Flex gap={12} align="center" wrap>
          {id}
          {subject}
          <TicketStateTag state={ticket.ticket_state} />
          <TicketActions ticket={ticket} />
        </Flex>
      )}
    </Card>
  );
}

/** Asks for what the side panels show, before they render (they mount in the pass after the first paint). */
function askPanelData(queryClient: QueryClient, ticket: TTicket) {
  void queryClient.prefetchQuery(requesterTicketsQuery(ticket.requester_id, ticket.ticket_id));
  void queryClient.prefetchQuery(ticketSlaQuery(ticket.ticket_id, ticket.update_ts));
}

function TicketScreen({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const comments = useTicketComments(ticket.ticket_id);
  const settings = useTicketSettings();
  const [form] = Form.useForm<TTicketProps>();
  const [tab, setTab] = useState<TTab>('conversation');
  const editable = ticket.abilities.edit;
  const queryClient = useQueryClient();
  /** Said above the conversation: another agent saved the ticket, or refused this agent's save. */
  const [notice, setNotice] = useState<{ conflict: string } | { by: TTicketUpdated } | null>(null);

  // Another agent's change (or ours) arrives: the panel shows the ticket as it is now, with the
  // agent's unsaved changes where nobody else changed the same thing.
  // …and the list stops marking it new or updated: the agent has now seen this version.
  const shown = useRef(ticket);
  useEffect(() => {
    // The first version is the form's initial values (the form mounts after the first paint).
    if (shown.current !== ticket) {
      form.setFieldsValue(keepEdits(shown.current, ticket, form.getFieldsValue()));
      shown.current = ticket;
    }
    markSeen(ticket.ticket_id, ticket.update_ts);
  }, [ticket, form]);

  const ticketId = ticket.ticket_id;
  const refetch = () => {
    for (const queryKey of [ticketKeys.one(ticketId), ticketKeys.comments(ticketId), ticketKeys.events(ticketId)]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  const presence = useTicketPresence(ticketId, (by) => {
    setNotice({ by });
    refetch();
  });
  // A save refused by someone else's change is said once, above the conversation (not in a
  // toast: `useSave` leaves it to the page). The composer keeps the agent's comment.
  const onConflict = (error: unknown): boolean => {
    if (!isEditConflict(error)) {
      return false;
    }
    setNotice({ conflict: (error as Error).message });
    refetch();
    return true;
  };
  // The agent's own save, made on the newer version: nothing left to say about the older one.
  const onSaved = () => setNotice(null);

  const wide = useWide();
  // The header and the conversation first (what the agent opened the ticket to read); the
  // properties, the requester's panel and the composer in the pass after they have been painted
  // (issue 15: they are three quarters of the screen's components). Their cards stand in their
  // place meanwhile (the side column keeps its width), so nothing moves when they come; their data
  // is asked for as soon as the first pass is on screen, while they render.
  const painted = useAfterPaint(() => askPanelData(queryClient, ticket));
  // One column (a phone): the properties fold at the top, not below the whole conversation and composer.
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const properties = (
    <PropertiesPanel ticket={ticket} form={form} settings={settings} disabled={!editable} untitled={!wide} />
  );

  return (
    <Flex
      gap={16}
      vertical={!wide}
      align="flex-start"
      className="ticket-screen"
      aria-busy={!painted}
      style={{ maxWidth: 1400, margin: '0 auto' }}
    >
      <Flex vertical gap={16} style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <TicketHeader ticket={ticket} editable={editable} onConflict={onConflict} onSaved={onSaved} />
        {ticket.is_deleted && <Alert type="warning" showIcon title={t('ticket.deleted_notice')} />}
        {!ticket.is_deleted && ticket.ticket_state === 'closed' && (
          <Alert type="info" showIcon title={t('ticket.closed_notice')} />
        )}
        <TicketPresence others={presence.others} />
        {notice && (
          <Alert
            type={'conflict' in notice ? 'warning' : 'info'}
            showIcon
            closable={{ onClose: () => setNotice(null) }}
            data-testid="ticket-changed-notice"
            title={
              'conflict' in notice
                ? notice.conflict
                : notice.by.real_name
                  ? t('ticket.updated_by', { name: notice.by.real_name })
                  : t('ticket.updated_by_system')
            }
          />
        )}
        {!wide && (
          <FoldedProperties
            ticket={ticket}
            form={form}
            open={propertiesOpen}
            onToggle={() => setPropertiesOpen((open) => !open)}
          >
            {painted ? properties : <PanelPlaceholder height={530} />}
          </FoldedProperties>
        )}
        <LightCardTabs<TTab>
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'conversation', label: t('ticket.conversation') },
            { key: 'history', label: t('ticket.history') },
          ]}
        >
          {tab === 'conversation' ? (
            <Conversation comments={comments.data} loading={comments.isPending} />
          ) : (
            <EventHistory ticket={ticket} />
          )}
        </LightCardTabs>
        {/* Not before the comments: arriving above it, they would push it down the screen (a
            layout shift of 0.26 with 200 comments); appearing after them, it moves nothing. */}
        {editable &&
          !comments.isPending &&
          (painted ? (
            // Any input in the composer tells the other agents on this ticket that a reply is being written.
            <div onInputCapture={presence.typed}>
              <TicketComposer
                ticket={ticket}
                form={form}
                canAttach={settings?.can_attach !== false}
                onConflict={onConflict}
                onSaved={onSaved}
                onPropertyErrors={() => setPropertiesOpen(true)}
              />
            </div>
          ) : (
            <PanelPlaceholder height={346} />
          ))}
      </Flex>
      <Flex vertical gap={16} style={{ width: wide ? 300 : '100%', flex: 'none' }}>
        {painted ? (
          <RequesterPanel ticket={ticket} comments={comments.data} />
        ) : (
          <PanelPlaceholder title={t('ticket.requester')} height={172} />
        )}
        {wide && (painted ? properties : <PanelPlaceholder title={t('ticket.properties')} height={560} />)}
      </Flex>
    </Flex>
  );
}

/** A ticket: its conversation and history, a composer that submits as a state, its requester and properties. */
export function TicketPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => prefetchTicketLists(queryClient), [queryClient]);
  const { ticket_id: raw } = useParams();
  const ticketId = Number(raw);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  const ticket = useTicket(valid ? ticketId : 0, valid);
  // Asked for with the ticket rather than after it: the conversation is most of the page.
  useTicketComments(valid ? ticketId : 0, valid);
  // "#42 Printer jams · Parley": which ticket, in the window's title and the browser's tabs and history.
  const { pathname } = useLocation();
  useScreenTitle(pathname, ticket.data ? `#${ticket.data.ticket_id} ${ticket.data.subject}` : null);
  if (
    !valid ||
    (ticket.isError && isApiError(ticket.error) && (ticket.error.code === '0404' || ticket.error.code === '0403'))
  ) {
    return <Result status="404" title={t('ticket.not_found')} />;
  }
  if (ticket.isError) {
    // A server or network failure is not an absent ticket: say so, and offer to try again.
    return (
      <Result
        status="error"
        title={t('ticket.load_failed')}
        subTitle={ticket.error.message}
        extra={
          <Button type="primary" loading={ticket.isFetching} onClick={() => void ticket.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!ticket.data) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return <TicketScreen key={ticketId} ticket={ticket.data} />;
}
