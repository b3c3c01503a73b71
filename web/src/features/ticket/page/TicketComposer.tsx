import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import {
  enums,
  type TNotePreviewResponse,
  type TSubmitAs,
  type TTicket,
  type TTicketEditRequest,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Dropdown, Flex, type FormInstance, Space } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ticketApi } from '../../../api/ticket';
import { useSession } from '../../../auth/SessionContext';
import { focusActionToastWhenLost } from '../../../components/actionToast';
import { useEnum } from '../../../components/enumOptions';
import { LazySelect } from '../../../components/LazySelect';
import { Segmented } from '../../../components/Segmented';
import { Text } from '../../../components/Text';
import { useSave } from '../../../components/useSave';
import { translateMessage } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { lastTicketList, requestCloseTab } from '../../../layout/tabs';
import { NoteApplyMenu } from '../../note/NoteApplyMenu';
import { showCustomFieldErrors } from '../../ticket-field/fieldErrors';
import { ComposerField, type TComposerField } from '../composer/ComposerField';
import { isBlankHtml } from '../composer/composerHtml';
import { draftKey, drafts, useDraft } from '../composer/draft';
import { announceInput } from '../composer/useInlineImages';
import { ticketKeys, ticketPaths } from '../shared/queries';
import { afterSubmitChoices, afterSubmitStore, nextTicketPath, type TAfterSubmit } from './afterSubmit';
import { noteBackground } from './Conversation';
import { changedProps, type TTicketProps } from './PropertiesPanel';

/** The state the submit button offers first: the ticket's own, a new ticket's is Open. */
function defaultSubmitAs(ticket: TTicket): TSubmitAs {
  const state = ticket.ticket_state;
  if (state === 'closed' && !ticket.abilities.close) {
    return 'solved';
  }
  return state === 'new' ? 'open' : state;
}

/**
 * A public reply or an internal note, sent with the properties' changes and the new state in
 * one `ticket.edit`; then the agent's after-submit choice.
 */
export function TicketComposer({
  ticket,
  form,
  canAttach,
  onConflict,
  onSaved: saved,
  onPropertyErrors,
}: {
  ticket: TTicket;
  form: FormInstance<TTicketProps>;
  /** The ticket setting `can_attach`: files and images are refused by the server while it is off. */
  canAttach: boolean;
  /**
   * A failed submit, for the page to say and fetch the ticket again when someone else's change
   * refused it; true when it did (the failure is then not said here).
   */
  onConflict: (error: unknown) => boolean;
  /** The submit was saved (before the after-submit choice), for the page to drop what it said of an older version. */
  onSaved: () => void;
  /** A refusal was said under a property (a field required to solve): the page shows the properties. */
  onPropertyErrors?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submitAs = useEnum('submit_as');
  // An agent with `reply_access` internal writes notes only: the composer never offers a public reply.
  const mayReplyPublicly = ticket.abilities.reply_publicly;
  const [isPublic, setIsPublic] = useState(mayReplyPublicly);
  const [after, setAfter] = useState<TAfterSubmit>(afterSubmitStore.get);
  const editor = useRef<HTMLDivElement>(null);
  const field = useRef<TComposerField>(null);
  const sending = useRef(false);
  const nextPath = useRef<string | null>(null);
  // A note (macro) applied: its changes are in the form and the composer until the agent submits.
  const [applied, setApplied] = useState<{
    noteId: number;
    title: string;
    submitAs?: TSubmitAs;
    /** The macro's comment met a draft of the other kind: the composer stays (or turns) internal. */
    mixed?: 'kept_note' | 'made_note';
  } | null>(null);
  const { user } = useSession();
  const draft = draftKey(user?.account_id ?? 0, ticket.ticket_id);
  useDraft(draft, editor, isPublic, (wasPublic) => setIsPublic(wasPublic && mayReplyPublicly));

  const edit = useSave({
    call: (body: TTicketEditRequest, opts) => ticketApi.edit(body, opts),
    handleError: onConflict,
    // A custom field the server refused (a field required to solve left empty, a value it
    // cannot hold) is said under that field in the properties, not in a toast.
    showErrors: (fields) => {
      const shown = showCustomFieldErrors(form, fields);
      if (shown) {
        onPropertyErrors?.();
      }
      return shown;
    },
    invalidate: [
      ticketKeys.comments(ticket.ticket_id),
      ticketKeys.events(ticket.ticket_id),
      ticketKeys.lists,
      ticketKeys.views,
    ],
    // Which ticket was updated, with a way back to it when after-submit leaves the page.
    successContent: (updated) => {
      const path = ticketPaths.edit(updated.ticket_id);
      const said = t('ticket.updated_toast', { id: updated.ticket_id, subject: updated.subject });
      if (after === 'stay') {
        return <span data-testid="ticket-updated">{said}</span>;
      }
      return (
        <span data-testid="ticket-updated">
          {said}{' '}
          <a
            href={path}
            onClick={(e) => {
              e.preventDefault();
              void navigate(path);
            }}
          >
            {t('ticket.updated_open')}
          </a>
        </span>
      );
    },
    onSaved: (updated) => {
      queryClient.setQueryData(ticketKeys.one(ticket.ticket_id), updated);
      saved();
      setApplied(null);
      field.current?.clear();
      drafts.clear(draft);
      if (after === 'close_tab') {
        // Back to the list the agent worked from (same view, page and sort), not a neighbouring tab.
        requestCloseTab(ticketPaths.edit(ticket.ticket_id));
        void navigate(lastTicketList.get());
        focusActionToastWhenLost();
      } else if (after === 'next_ticket') {
        // Found before the save (submit): the list as the agent saw it. The last of it: back to
        // the list, its tab closed as "close tab" does (there is nothing next to move it to).
        const list = lastTicketList.get();
        const next = nextPath.current ?? list;
        if (next === list) {
          requestCloseTab(ticketPaths.edit(ticket.ticket_id));
        }
        void navigate(next);
        focusActionToastWhenLost();
      }
    },
  });

  const submit = async (state: TSubmitAs) => {
    if (sending.current || field.current?.isUploading()) {
      void message.warning(translateMessage('sending_in_progress'));
      return;
    }
    const { body, fileIds } = field.current?.read() ?? { body: '', fileIds: [] };
    const changes = changedProps(ticket, form.getFieldsValue());
    const hasComment = body !== '' || fileIds.length > 0;
    // No comment, no property, the same state and no macro: the server would change nothing.
    if (!hasComment && !applied && state === ticket.ticket_state && Object.keys(changes).length === 0) {
      void message.info(t('ticket.nothing_to_submit'));
      return;
    }
    sending.current = true;
    try {
      // The next ticket as the list stands before this save moves the ticket in it.
      nextPath.current = after === 'next_ticket' ? await nextTicketPath(ticket.ticket_id, ticketPaths.edit) : null;
      await edit.saveAsync({
        ticket_id: ticket.ticket_id,
        // What the form was drawn from: a save over another agent's change to the same thing is refused.
        base_update_ts: ticket.update_ts,
        submit_as: state,
        ...changes,
        ...(applied ? { note_id: applied.noteId } : {}),
        ...(hasComment ? { comment: { body, is_public: isPublic, file_ids: fileIds } } : {}),
      });
    } finally {
      sending.current = false;
    }
  };

  const first = applied?.submitAs ?? defaultSubmitAs(ticket);

  const applyNote = ({ note_id, title, changes }: TNotePreviewResponse) => {
    const { submit_as, comment, fields, ...props } = changes;
    // The note's field values over the form's (the agent's unsaved edits to other fields stay).
    form.setFieldsValue(fields ? { ...props, fields: { ...form.getFieldValue('fields'), ...fields } } : props);
    let mixed: 'kept_note' | 'made_note' | undefined;
    if (comment && editor.current) {
      const current = editor.current.innerHTML;
      const drafting = !isBlankHtml(current);
      editor.current.innerHTML = drafting ? `${current}${comment.body}` : comment.body;
      announceInput(editor.current);
      const wanted = comment.is_public && mayReplyPublicly;
      // With a draft, the text goes public only if both were: an internal note being written
      // never reaches the customer through a macro, nor a macro's internal note through a reply.
      if (drafting && wanted !== isPublic) {
        mixed = isPublic ? 'made_note' : 'kept_note';
      }
      setIsPublic(drafting ? isPublic && wanted : wanted);
    }
    setApplied({ noteId: note_id, title, ...(submit_as ? { submitAs: submit_as } : {}), ...(mixed ? { mixed } : {}) });
    // Back to the composer: the menu that was chosen from is gone, and the text is the next thing to check.
    editor.current?.focus();
  };

  return (
    <Card
      variant="borderless"
      className="ticket-composer"
      style={isPublic ? undefined : { background: noteBackground }}
      title={
        <Segmented<'public' | 'note'>
          aria-label={t('ticket.reply_kind')}
          value={isPublic ? 'public' : 'note'}
          onChange={(v) => setIsPublic(v === 'public')}
          options={[
            { value: 'public', label: t('ticket.public_reply'), disabled: !mayReplyPublicly },
            { value: 'note', label: t('ticket.internal_note') },
          ]}
        />
      }
      extra={<NoteApplyMenu ticketId={ticket.ticket_id} onPreview={applyNote} />}
    >
      <Flex vertical gap={12}>
        {applied && (
          <Alert type="info" showIcon title={t('note.applied', { title: applied.title })} data-testid="note-applied" />
        )}
        {applied?.mixed && (
          <Alert type="warning" showIcon title={t(`note.${applied.mixed}`)} data-testid="note-mixed" />
        )}
        <ComposerField
          field={field}
          editorRef={editor}
          label={t('ticket.composer')}
          placeholder={isPublic ? t('ticket.reply_placeholder') : t('ticket.note_placeholder')}
          background={isPublic ? undefined : noteBackground}
          canAttach={canAttach}
          onSubmit={() => void submit(first)}
        />
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Space wrap>
            <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('ticket.after_submit')}
            </Text>
            <LazySelect<TAfterSubmit>
              aria-label={t('ticket.after_submit')}
              value={after}
              style={{ minWidth: 190 }}
              onChange={(value) => {
                setAfter(value);
                afterSubmitStore.set(value);
              }}
              options={afterSubmitChoices.map((value) => ({ value, label: t(`ticket.after_${value}`) }))}
            />
          </Space>
          <Space.Compact>
            <Button
              type="primary"
              // Not `loading`: a click while sending must still say "resubmit later".
              icon={edit.saving ? <LoadingOutlined aria-hidden /> : undefined}
              onClick={() => void submit(first)}
            >
              {submitAs.label(first)}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: enums.submit_as.values
                  .filter((value) => value !== 'closed' || ticket.abilities.close)
                  .map((value) => ({ key: value, label: submitAs.label(value) })),
                onClick: ({ key }) => void submit(key as TSubmitAs),
              }}
            >
              <Button type="primary" icon={<DownOutlined aria-hidden />} aria-label={t('ticket.submit_as')} />
            </Dropdown>
          </Space.Compact>
        </Flex>
      </Flex>
    </Card>
  );
}
