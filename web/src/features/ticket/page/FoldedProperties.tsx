import { DownOutlined } from '@ant-design/icons';
import type { TTicket } from '@parley/contracts';
import { Form, type FormInstance } from 'antd';
import { type ReactNode, useId } from 'react';
import { useEnum } from '../../../components/enumOptions';
import { useTranslation } from '../../../i18n/useTranslation';
import { useStaffNames } from '../shared/useNames';
import { orInitial, type TTicketProps } from './PropertiesPanel';

/**
 * The properties on one column (a phone, a tablet held upright): at the top, above the
 * conversation, folded to one line that says who has the ticket, in which group, at what priority
 * and of what type (as the values stand in the form, an unsubmitted change too); a tap unfolds
 * the panel in place. Below the composer they were a whole conversation's scroll away.
 * The panel stays drawn while folded: it is the form the composer submits.
 */
export function FoldedProperties({
  ticket,
  form,
  open,
  onToggle,
  children,
}: {
  ticket: TTicket;
  form: FormInstance<TTicketProps>;
  open: boolean;
  onToggle: () => void;
  /** The properties panel. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const names = useStaffNames();
  const types = useEnum('ticket_type');
  const priorities = useEnum('ticket_priority');
  const bodyId = useId();
  const assignee = names.agent(orInitial(Form.useWatch('assignee_id', form), ticket.assignee_id));
  const group = names.group(orInitial(Form.useWatch('group_id', form), ticket.group_id));
  const priority = orInitial(Form.useWatch('priority', form), ticket.priority);
  const type = orInitial(Form.useWatch('ticket_type', form), ticket.ticket_type);
  const summary = [
    assignee ?? t('ticket.unassigned'),
    group ?? t('ticket.no_group'),
    priorities.label(priority),
    types.label(type),
  ].join(' · ');
  return (
    <section className="ticket-folded-properties" data-testid="folded-properties">
      <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        <span className="ticket-folded-properties-text">
          <strong>{t('ticket.properties')}</strong>
          <span className="ticket-folded-properties-summary">{summary}</span>
        </span>
        <DownOutlined aria-hidden rotate={open ? 180 : 0} />
      </button>
      <div id={bodyId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
