import type { TTicket, TTicketPriority, TTicketType } from '@parley/contracts';
import { Avatar, Card, Flex, Form, type FormInstance, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnum } from '../../components/enumOptions';
import { useStaffNames } from './useNames';

/** What the properties panel edits; a submit sends those that changed. */
export interface TTicketProps {
  group_id: number | null;
  assignee_id: number | null;
  ticket_type: TTicketType;
  priority: TTicketPriority;
  tags: string[];
}

export const propsOf = (ticket: TTicket): TTicketProps => ({
  group_id: ticket.group_id,
  assignee_id: ticket.assignee_id,
  ticket_type: ticket.ticket_type,
  priority: ticket.priority,
  tags: ticket.tags,
});

/** The properties the form changed from `ticket`. */
export function changedProps(ticket: TTicket, values: Partial<TTicketProps>): Partial<TTicketProps> {
  const before = propsOf(ticket);
  const out: Partial<TTicketProps> = {};
  for (const key of Object.keys(before) as (keyof TTicketProps)[]) {
    const value = values[key];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(before[key])) {
      Object.assign(out, { [key]: value });
    }
  }
  return out;
}

/** The requester and the ticket's properties, at the side of the conversation. */
export function PropertiesPanel({ ticket, form }: { ticket: TTicket; form: FormInstance<TTicketProps> }) {
  const { t } = useTranslation();
  const names = useStaffNames();
  const types = useEnum('ticket_type');
  const priorities = useEnum('ticket_priority');
  const person = ticket.requester;
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('ticket.requester')} variant="borderless">
        <Flex gap={12} align="center">
          <Avatar src={person.avatar || undefined}>{(person.real_name || person.email).charAt(0).toUpperCase()}</Avatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <Link to={`/wswt/account/${person.account_id}`}>{person.real_name || person.email}</Link>
            <Typography.Text type="secondary" ellipsis>
              {person.email}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <Card size="small" title={t('ticket.properties')} variant="borderless">
        <Form<TTicketProps> form={form} layout="vertical" initialValues={propsOf(ticket)} requiredMark={false}>
          <Form.Item name="group_id" label={t('ticket.group')}>
            <Select
              options={[{ value: null, label: t('ticket.no_group') }, ...names.groupOptions]}
              showSearch={{ optionFilterProp: 'label' }}
              loading={names.loading}
            />
          </Form.Item>
          <Form.Item name="assignee_id" label={t('ticket.assignee')}>
            <Select
              options={[{ value: null, label: t('ticket.unassigned') }, ...names.agentOptions]}
              showSearch={{ optionFilterProp: 'label' }}
              loading={names.loading}
            />
          </Form.Item>
          <Form.Item name="ticket_type" label={t('ticket.type')}>
            <Select options={types.options.filter((o) => o.value !== 'chat' || ticket.ticket_type === 'chat')} />
          </Form.Item>
          <Form.Item name="priority" label={t('ticket.priority')}>
            <Select options={priorities.options} />
          </Form.Item>
          <Form.Item name="tags" label={t('ticket.tags')} style={{ marginBottom: 0 }}>
            <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} suffixIcon={null} />
          </Form.Item>
        </Form>
      </Card>
    </Flex>
  );
}
