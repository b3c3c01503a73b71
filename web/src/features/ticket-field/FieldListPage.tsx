import type { TTicketField } from '@parley/contracts';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { fieldApi } from '../../api/ticketField';
import { editState } from '../../components/RequireStateId';
import { useTranslation } from '../../i18n/useTranslation';
import { OrderedSettingsList, stateColumn } from './OrderedSettingsList';
import { fieldKeys, fieldPaths, useFieldList } from './queries';

/** Settings › Ticket fields: every field in its order (dragged to reorder), its type and who sees it. */
export function FieldListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const yes = (on: boolean) => (on ? t('field.yes') : t('field.no'));
  return (
    <OrderedSettingsList<TTicketField>
      query={useFieldList()}
      listKey={fieldKeys.list}
      idOf={(f) => f.field_id}
      position={fieldApi.position}
      invalidate={[fieldKeys.all]}
      btn={{ add: 'field.add', edit: 'field.edit' }}
      addTo={fieldPaths.add}
      texts={{
        subtitle: t('field.subtitle'),
        add: t('field.add'),
        empty: t('field.empty'),
        loadFailed: t('field.load_failed'),
      }}
      onEdit={(f) => void navigate(fieldPaths.edit, { state: editState(f.field_id) })}
      width={1100}
      scrollX={820}
      columns={[
        {
          title: t('field.title'),
          dataIndex: 'title',
          render: (title: string, f) =>
            f.field_state === 'active' ? title : <Typography.Text type="secondary">{title}</Typography.Text>,
        },
        {
          title: t('field.type'),
          dataIndex: 'field_type',
          width: 150,
          render: (type: string) => t(`field.type_${type}`),
        },
        {
          title: t('field.key'),
          dataIndex: 'field_key',
          width: 110,
          render: (k: string) => <Typography.Text code>{k}</Typography.Text>,
        },
        {
          title: t('field.customers'),
          key: 'customers',
          width: 160,
          render: (_, f) =>
            f.customer_editable
              ? t('field.customer_editable')
              : f.customer_visible
                ? t('field.customer_visible')
                : t('field.no'),
        },
        { title: t('field.required_to_solve'), key: 'solve', width: 120, render: (_, f) => yes(f.required_to_solve) },
        stateColumn(t('field.state'), 'field_state', t),
      ]}
    />
  );
}
