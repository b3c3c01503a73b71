import { PlusOutlined } from '@ant-design/icons';
import {
  type TTicketSort,
  type TViewAddRequest,
  type TViewSetting,
  ticketSorts,
  viewColumns,
  viewGroupBys,
  ZViewAddRequest,
  ZViewColumns,
} from '@parley/contracts';
import { Button, Card, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { useFocusAdded } from '../../components/useFocusAdded';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ticketKeys } from '../ticket/shared/queries';
import { useStaffNames } from '../ticket/shared/useNames';
import { ConditionRow, freshCondition } from './ConditionRow';
import { viewKeys, viewPaths } from './queries';
import { useFieldDefs } from './useFieldDefs';
import { columnLabelKeys, groupByLabelKeys } from './viewLabels';
import { requestOf, type TViewValues, valuesOf } from './viewValues';

function ConditionList({ name, allowDeleted }: { name: 'all' | 'any'; allowDeleted: boolean }) {
  const { t } = useTranslation();
  const { box, added } = useFocusAdded();
  return (
    <Card size="small" title={t(`view.match_${name}`)} style={{ marginBottom: 16 }} data-testid={`conditions-${name}`}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            <div ref={box}>
              {rows.map((row) => (
                <ConditionRow
                  key={row.key}
                  listName={[name]}
                  name={row.name}
                  onRemove={() => remove(row.name)}
                  allowDeleted={allowDeleted}
                />
              ))}
            </div>
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => {
                added();
                add(freshCondition('ticket_state'));
              }}
            >
              {t('view.add_condition')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

/** A view: title, conditions (all of, any of), columns, sort, grouping, who sees it, active or not. */
export function ViewForm({
  view,
  call,
}: {
  view?: TViewSetting;
  call: (values: TViewAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TViewValues>();
  const staff = useStaffNames();
  const fields = useFieldDefs();
  const shareType = Form.useWatch('share_type', form);
  const { save, saving } = useSave({
    form,
    call: (values: TViewValues, opts) => call(requestOf(values), opts),
    invalidate: [viewKeys.all, ticketKeys.views],
    onSaved: () => void navigate(viewPaths.list),
  });

  return (
    <Form<TViewValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(view)}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 900 }}
    >
      <Form.Item name="title" label={t('view.title')} rules={[schemaRule(ZViewAddRequest.shape.title)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="active" label={t('view.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Title level={5}>{t('view.conditions')}</Typography.Title>
      <ConditionList name="all" allowDeleted />
      <ConditionList name="any" allowDeleted={false} />
      <Form.Item
        name="columns"
        label={t('view.columns')}
        extra={t('view.columns_hint')}
        rules={[schemaRule(ZViewColumns)]}
        required
      >
        <Select
          mode="multiple"
          options={[
            ...viewColumns.map((c) => ({ value: c, label: t(columnLabelKeys[c]) })),
            ...(fields.data?.list ?? [])
              .filter((f) => f.field_state === 'active')
              .map((f) => ({ value: f.field_key, label: f.title })),
          ]}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="group_by" label={t('view.group_by')}>
        <Select
          style={{ maxWidth: 320 }}
          options={[
            { value: 'none', label: t('view.no_grouping') },
            ...viewGroupBys.map((g) => ({ value: g, label: t(groupByLabelKeys[g]) })),
          ]}
        />
      </Form.Item>
      <Form.Item name="sort" label={t('view.sort')}>
        <Select<TTicketSort>
          style={{ maxWidth: 320 }}
          options={ticketSorts.map((s) => ({ value: s, label: t(`view.sort_${s.replace('-', 'desc_')}`) }))}
        />
      </Form.Item>
      <Form.Item name="share_type" label={t('view.share')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('view.share_all') },
            { value: 'group', label: t('view.share_group') },
            { value: 'me', label: t('view.share_me') },
          ]}
        />
      </Form.Item>
      {shareType === 'group' && (
        <Form.Item
          name="group_id"
          label={t('ticket.group')}
          rules={[{ required: true, message: t('view.group_required') }]}
        >
          <Select style={{ maxWidth: 320 }} options={staff.groupOptions} loading={staff.loading} />
        </Form.Item>
      )}
      <FormActions saving={saving} cancelTo={viewPaths.list} />
    </Form>
  );
}
