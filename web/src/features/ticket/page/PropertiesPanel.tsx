import type { TTicket, TTicketFields, TTicketPriority, TTicketSetting, TTicketType } from '@parley/contracts';
import { Card, Form, type FormInstance } from 'antd';
import { memo } from 'react';
import { useEnum } from '../../../components/enumOptions';
import { LazyMultiSelect, LazySelect } from '../../../components/LazySelect';
import { PlainFormItem } from '../../../components/PlainFormItem';
import { useTranslation } from '../../../i18n/useTranslation';
import { TicketSla } from '../../sla/TicketSla';
import { TicketFieldItems } from '../../ticket-field/TicketFieldItems';
import { CcSelect, TagSelect } from '../shared/PropertySelects';
import { useStaffNames } from '../shared/useNames';
import { SatisfactionInfo } from './SatisfactionInfo';
import '../shared/ticket.css';

/** What the properties panel edits; a submit sends those that changed. */
export interface TTicketProps {
  group_id: number | null;
  assignee_id: number | null;
  ticket_type: TTicketType;
  priority: TTicketPriority;
  tags: string[];
  cc_ids: number[];
  follower_ids: number[];
  /** Custom field values by `field_<id>` (a submit sends them whole when one changed) and the ticket form. */
  fields: TTicketFields;
  form_id: number | null;
}

export const propsOf = (ticket: TTicket): TTicketProps => ({
  group_id: ticket.group_id,
  assignee_id: ticket.assignee_id,
  ticket_type: ticket.ticket_type,
  priority: ticket.priority,
  tags: ticket.tags,
  cc_ids: ticket.cc_ids,
  follower_ids: ticket.follower_ids,
  fields: ticket.fields as TTicketFields,
  form_id: ticket.form_id,
});

/** Field values that hold something, in key order: an input never touched is no change. */
const withValues = (fields: TTicketFields | undefined) =>
  Object.fromEntries(
    Object.entries(fields ?? {})
      .filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export const orInitial = <T,>(watched: T | undefined, initial: T): T => (watched === undefined ? initial : watched);

/** The properties the form changed from `ticket`. */
export function changedProps(ticket: TTicket, values: Partial<TTicketProps>): Partial<TTicketProps> {
  const before = propsOf(ticket);
  const out: Partial<TTicketProps> = {};
  for (const key of Object.keys(before) as (keyof TTicketProps)[]) {
    // A cleared input leaves undefined, which JSON drops and the server reads as "keep": send null.
    const value =
      key === 'fields' && values.fields
        ? Object.fromEntries(Object.entries(values.fields).map(([k, v]) => [k, v === undefined ? null : v]))
        : values[key];
    const same =
      key === 'fields'
        ? JSON.stringify(withValues(value as TTicketFields)) === JSON.stringify(withValues(before.fields))
        : JSON.stringify(value) === JSON.stringify(before[key]);
    if (value !== undefined && !same) {
      Object.assign(out, { [key]: value });
    }
  }
  return out;
}

/**
 * The ticket's properties. Tags, CCs and followers show only while their ticket setting is on
 * (the server ignores them otherwise); a field that is not shown is not sent.
 */
// Memoised: the ticket screen renders again as its comments, the other agents' presence or the
// window's width come in, and each render of Ant Design's form items measures the page (their
// visibility check reads the layout) — the panel draws again only when its own inputs change.
export const PropertiesPanel = memo(function PropertiesPanel({
  ticket,
  form,
  settings,
  disabled,
  untitled = false,
}: {
  ticket: TTicket;
  form: FormInstance<TTicketProps>;
  settings: TTicketSetting | undefined;
  disabled: boolean;
  /** Under a head that names it already (FoldedProperties). */
  untitled?: boolean;
}) {
  const { t } = useTranslation();
  const names = useStaffNames();
  const types = useEnum('ticket_type');
  const priorities = useEnum('ticket_priority');
  const canReassign = !disabled && ticket.abilities.reassign;
  // Undefined until the form is drawn; null is "No group" / "Unassigned".
  const groupId = orInitial(Form.useWatch('group_id', form), ticket.group_id);
  const assigneeId = orInitial(Form.useWatch('assignee_id', form), ticket.assignee_id);
  return (
    <Card size="small" title={untitled ? undefined : t('ticket.properties')} variant="borderless">
      <Form<TTicketProps>
        form={form}
        layout="vertical"
        initialValues={propsOf(ticket)}
        // Only fields required to solve carry `required` here: marked, with what the mark means.
        requiredMark={(label, { required }) =>
          required ? (
            <span title={t('field.required_to_solve')} data-required-to-solve>
              {label} <span className="solve-mark">*</span>
            </span>
          ) : (
            label
          )
        }
        disabled={disabled}
        className="ticket-properties"
        onValuesChange={(changed: Partial<TTicketProps>) => {
          if (changed.group_id !== undefined && canReassign) {
            form.setFieldValue(
              'assignee_id',
              names.assigneeInGroup(changed.group_id, form.getFieldValue('assignee_id')),
            );
          }
        }}
      >
        <TicketSla ticketId={ticket.ticket_id} updateTs={ticket.update_ts} />
        <PlainFormItem name="group_id" label={t('ticket.group')}>
          <LazySelect
            options={[{ value: null, label: t('ticket.no_group') }, ...names.groupOptions]}
            showSearch={{ optionFilterProp: 'label' }}
            loading={names.loading}
          />
        </PlainFormItem>
        <PlainFormItem
          name="assignee_id"
          label={t('ticket.assignee')}
          // Said only where the rest can be edited: a deleted or closed ticket's banner says why not.
          extra={disabled || ticket.abilities.reassign ? undefined : t('ticket.reassign_not_allowed')}
        >
          <LazySelect
            disabled={disabled || !ticket.abilities.reassign}
            options={[{ value: null, label: t('ticket.unassigned') }, ...names.assigneeOptions(groupId, assigneeId)]}
            showSearch={{ optionFilterProp: 'label' }}
            loading={names.loading}
          />
        </PlainFormItem>
        <PlainFormItem name="ticket_type" label={t('ticket.type')}>
          <LazySelect options={types.options.filter((o) => o.value !== 'chat' || ticket.ticket_type === 'chat')} />
        </PlainFormItem>
        <PlainFormItem name="priority" label={t('ticket.priority')}>
          <LazySelect options={priorities.options} />
        </PlainFormItem>
        {settings?.enable_tag && (
          <PlainFormItem name="tags" label={t('ticket.tags')}>
            <TagSelect />
          </PlainFormItem>
        )}
        {settings?.enable_ccs && (
          <PlainFormItem name="cc_ids" label={t('ticket.ccs')}>
            <CcSelect ticket={ticket} />
          </PlainFormItem>
        )}
        {settings?.enable_follow && (
          <PlainFormItem name="follower_ids" label={t('ticket.followers')}>
            <LazyMultiSelect
              mode="multiple"
              options={names.agentOptions}
              showSearch={{ optionFilterProp: 'label' }}
              loading={names.loading}
            />
          </PlainFormItem>
        )}
        <TicketFieldItems disabled={disabled} />
      </Form>
      {/* The form's last item has no bottom margin (ticket.css): the gap is the panel's. */}
      <div style={{ marginTop: 16 }}>
        <SatisfactionInfo ticket={ticket} />
      </div>
    </Card>
  );
});
