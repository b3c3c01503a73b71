import type { TTicketForm } from '@parley/contracts';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formApi } from '../../api/ticketField';
import { editState } from '../../components/RequireStateId';
import { useTranslation } from '../../i18n/useTranslation';
import { OrderedSettingsList, stateColumn } from '../ticket-field/OrderedSettingsList';
import { formKeys, formPaths, useFormList } from './queries';

/** Settings › Ticket forms: the default first, then in their order (dragged to reorder). */
export function FormListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <OrderedSettingsList<TTicketForm>
      query={useFormList()}
      listKey={formKeys.list}
      idOf={(f) => f.form_id}
      position={formApi.position}
      invalidate={[formKeys.all]}
      btn={{ add: 'form.add', edit: 'form.edit' }}
      addTo={formPaths.add}
      texts={{
        subtitle: t('form.subtitle'),
        add: t('form.add'),
        empty: t('form.empty'),
        loadFailed: t('form.load_failed'),
      }}
      onEdit={(f) => void navigate(formPaths.edit, { state: editState(f.form_id) })}
      width={1100}
      scrollX={640}
      columns={[
        {
          title: t('form.name'),
          dataIndex: 'form_name',
          render: (name: string, f) => (
            <>
              {f.form_state === 'active' ? name : <Typography.Text type="secondary">{name}</Typography.Text>}
              {f.is_default && (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t('form.is_default')}
                </Tag>
              )}
            </>
          ),
        },
        { title: t('form.field_count'), key: 'fields', width: 100, render: (_, f) => f.field_ids.length },
        { title: t('form.conditions'), key: 'conditions', width: 100, render: (_, f) => f.conditions.length },
        stateColumn(t('form.state'), 'form_state', t),
      ]}
    />
  );
}
