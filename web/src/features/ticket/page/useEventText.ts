import type { TTicket, TTicketEvent } from '@parley/contracts';
import { useEnum } from '../../../components/enumOptions';
import { useTranslation } from '../../../i18n/useTranslation';
import { useFormList } from '../../ticket-form/queries';
import { useFieldDefs } from '../../view/useFieldDefs';
import { usePersonNames } from '../shared/usePersonNames';

/** A change shown as a sentence ("Added an internal note") or as field: old → new. */
export type TEventLine =
  | { kind: 'sentence'; text: string }
  | { kind: 'change'; field: string; from: string; to: string; fromEmpty: boolean };

const idList = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];

/** Every account id an event list mentions: actors, assignees, CCs, followers. */
function accountIdsOf(events: readonly TTicketEvent[]): number[] {
  const ids = new Set<number>();
  for (const e of events) {
    if (e.actor_id !== null) {
      ids.add(e.actor_id);
    }
    if (e.field === 'cc_ids' || e.field === 'follower_ids') {
      for (const id of [...idList(e.old_value), ...idList(e.new_value)]) {
        ids.add(id);
      }
    }
  }
  return [...ids];
}

/** Readable words for a ticket's history: field labels, enum labels, people's and groups' names. */
export function useEventText(ticket: TTicket, events: readonly TTicketEvent[]) {
  const { t } = useTranslation();
  const people = usePersonNames(ticket, accountIdsOf(events));
  const enums = {
    ticket_state: useEnum('ticket_state').label,
    priority: useEnum('ticket_priority').label,
    ticket_type: useEnum('ticket_type').label,
    satisfaction: useEnum('satisfaction').label,
  };
  const source = useEnum('ticket_source').label;
  const fieldDefs = useFieldDefs().data?.list ?? [];
  const forms = useFormList(true).data?.list;
  const none = t('ticket.history_none');

  const fieldLabels: Record<string, string> = {
    ticket_state: t('ticket.state'),
    priority: t('ticket.priority'),
    ticket_type: t('ticket.type'),
    assignee_id: t('ticket.assignee'),
    group_id: t('ticket.group'),
    subject: t('ticket.subject'),
    tags: t('ticket.tags'),
    cc_ids: t('ticket.ccs'),
    follower_ids: t('ticket.followers'),
    fields: t('ticket.fields'),
    form_id: t('ticket.form'),
    satisfaction: t('ticket.satisfaction'),
    satisfaction_comment: t('ticket.satisfaction_comment'),
  };

  /** A custom field (`field_3`) by its title. */
  const labelOf = (field: string): string =>
    fieldLabels[field] ?? fieldDefs.find((f) => `field_${f.field_id}` === field)?.title ?? field;

  const shown = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') {
      if (field === 'assignee_id') {
        return t('ticket.unassigned');
      }
      return field === 'group_id' ? t('ticket.no_group') : none;
    }
    if (field in enums && typeof value === 'string') {
      return enums[field as keyof typeof enums](value);
    }
    if (field === 'assignee_id' && typeof value === 'number') {
      return people.name(value);
    }
    if (field === 'group_id' && typeof value === 'number') {
      return people.staff.group(value) ?? none;
    }
    if (field === 'form_id' && typeof value === 'number') {
      // By its name; one no longer in the list is said to be deleted (its id until the list is in).
      const form = forms?.find((f) => f.form_id === value);
      return form ? form.form_name : forms ? t('ticket.history_form_deleted') : `#${value}`;
    }
    if (field === 'cc_ids' || field === 'follower_ids') {
      const ids = idList(value);
      return ids.length ? ids.map(people.name).join(', ') : none;
    }
    if (Array.isArray(value)) {
      return value.length ? value.map(String).join(', ') : none;
    }
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      return entries.length ? entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ') : none;
    }
    return String(value);
  };

  const line = (e: TTicketEvent): TEventLine => {
    const created = e.new_value as { source?: string } | null;
    switch (e.field) {
      case 'created':
        return { kind: 'sentence', text: t('ticket.history_created', { source: source(created?.source ?? 'web') }) };
      case 'comment': {
        const isPublic = (e.new_value as { is_public?: boolean } | null)?.is_public !== false;
        return { kind: 'sentence', text: isPublic ? t('ticket.history_reply') : t('ticket.history_note') };
      }
      case 'deleted':
        return {
          kind: 'sentence',
          text: e.new_value === false ? t('ticket.history_restored') : t('ticket.history_deleted'),
        };
      case 'spam':
        return { kind: 'sentence', text: t('ticket.history_spam') };
      case 'satisfaction_offered':
        return { kind: 'sentence', text: t('ticket.history_survey') };
      case 'requester_unverified':
        return { kind: 'sentence', text: t('ticket.history_requester_unverified') };
      case 'sla_breached': {
        const metric = (e.new_value as { metric?: string } | null)?.metric ?? '';
        return {
          kind: 'sentence',
          text: t('ticket.history_sla_breached', { metric: t(`ticket.sla_metric.${metric}`) }),
        };
      }
      case 'rule': {
        // A trigger or automation's effects follow the row naming it.
        const rule = e.new_value as { kind?: string; title?: string } | null;
        const kind = rule?.kind === 'trigger' || rule?.kind === 'automation' ? rule.kind : 'other';
        return { kind: 'sentence', text: t(`ticket.history_rule.${kind}`, { title: rule?.title ?? '' }) };
      }
      case 'notify': {
        const to = (e.new_value as { to?: unknown } | null)?.to;
        const list = Array.isArray(to) ? to.map(String) : [];
        return {
          kind: 'sentence',
          text: list.length ? t('ticket.history_notify', { to: list.join(', ') }) : t('ticket.history_notify_nobody'),
        };
      }
      case 'webhook':
        return {
          kind: 'sentence',
          text: t('ticket.history_webhook', { url: (e.new_value as { url?: string } | null)?.url ?? '' }),
        };
      case 'delivery_failed':
        return {
          kind: 'sentence',
          text: t('ticket.history_delivery_failed', {
            address: (e.new_value as { address?: string } | null)?.address ?? '',
          }),
        };
      case 'mail_not_sent': {
        // A mail the server did not send, and why: the address bounced before, or a loop's limit.
        const v = (e.new_value ?? {}) as { to?: unknown; reason?: unknown };
        const to = Array.isArray(v.to) ? v.to.map(String).join(', ') : '';
        const why = v.reason === 'received_limit' ? 'received_limit' : 'bounced';
        return { kind: 'sentence', text: t(`ticket.history_not_mailed_${why}`, { to }) };
      }
      case 'note':
        return {
          kind: 'sentence',
          text: t('ticket.history_note_applied', { title: (e.new_value as { title?: string } | null)?.title ?? '' }),
        };
      default:
        return {
          kind: 'change',
          field: labelOf(e.field),
          from: shown(e.field, e.old_value),
          fromEmpty:
            e.old_value === null || e.old_value === undefined || (Array.isArray(e.old_value) && !e.old_value.length),
          to: shown(e.field, e.new_value),
        };
    }
  };

  const actor = (id: number | null) => (id === null ? t('ticket.system') : people.name(id));
  return { line, actor };
}
