import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { notifyTargets, type TRuleActionInput, type TRuleActionName } from '@parley/contracts';
import { Button, Flex, Input, Select, Space } from 'antd';
import { useEnum } from '../../components/enumOptions';
import { useFocusAdded } from '../../components/useFocusAdded';
import { useTranslation } from '../../i18n/useTranslation';
import { FieldValueInput } from '../ticket-field/FieldValueInput';
import { useFieldDefs } from '../view/useFieldDefs';
import { usePeoplePickers } from './queries';

const names: TRuleActionName[] = [
  'set_state',
  'set_priority',
  'set_type',
  'set_group',
  'set_assignee',
  'add_tags',
  'remove_tags',
  'add_note',
  'set_field',
  'notify',
  'webhook',
];

function blank(action: TRuleActionName): TRuleActionInput {
  switch (action) {
    case 'set_state':
      return { action, value: 'open' };
    case 'set_priority':
      return { action, value: 'high' };
    case 'set_type':
      return { action, value: 'incident' };
    case 'set_group':
    case 'set_assignee':
      return { action, value: null };
    case 'add_tags':
    case 'remove_tags':
      return { action, value: [] };
    case 'add_note':
      return { action, value: '' };
    case 'set_field':
      return { action, field_id: 0, value: null };
    case 'notify':
      return { action, target: 'requester', subject: '', body: '' };
    case 'webhook':
      return { action, url: 'https://', secret: '' };
  }
}

function ActionInput({ a, onChange }: { a: TRuleActionInput; onChange: (a: TRuleActionInput) => void }) {
  const { t } = useTranslation();
  const pickers = usePeoplePickers();
  const submitAs = useEnum('submit_as').options;
  const priorities = useEnum('ticket_priority').options;
  const types = useEnum('ticket_type').options;
  const defs = useFieldDefs().data?.list ?? [];
  const style = { width: 260 };
  const label = t('rule.value');
  switch (a.action) {
    case 'set_state':
      return (
        <Select
          style={style}
          value={a.value}
          options={submitAs}
          onChange={(v) => onChange({ ...a, value: v })}
          aria-label={label}
        />
      );
    case 'set_priority':
      return (
        <Select
          style={style}
          value={a.value}
          options={priorities}
          onChange={(v) => onChange({ ...a, value: v })}
          aria-label={label}
        />
      );
    case 'set_type':
      return (
        <Select
          style={style}
          value={a.value}
          options={types}
          onChange={(v) => onChange({ ...a, value: v })}
          aria-label={label}
        />
      );
    case 'set_group':
    case 'set_assignee':
      return (
        <Select
          style={style}
          showSearch
          optionFilterProp="label"
          value={a.value === null || a.value === undefined ? 0 : Number(a.value)}
          options={[
            { value: 0, label: t('rule.nobody') },
            ...(a.action === 'set_group' ? pickers.groups : pickers.agents),
          ]}
          onChange={(v: number) => onChange({ ...a, value: v === 0 ? null : v })}
          aria-label={label}
        />
      );
    case 'add_tags':
    case 'remove_tags':
      return (
        <Select
          style={style}
          mode="tags"
          open={false}
          value={a.value as string[]}
          onChange={(v: string[]) => onChange({ ...a, value: v })}
          aria-label={label}
        />
      );
    case 'add_note':
      return (
        <Input.TextArea
          style={{ width: 420 }}
          autoSize
          value={a.value}
          onChange={(e) => onChange({ ...a, value: e.target.value })}
          aria-label={label}
        />
      );
    case 'set_field': {
      const def = defs.find((f) => f.field_id === Number(a.field_id));
      return (
        <Space align="start" wrap>
          <Select
            style={{ width: 200 }}
            showSearch
            optionFilterProp="label"
            value={Number(a.field_id) || undefined}
            placeholder={t('rule.field_label')}
            options={defs
              .filter((f) => f.field_state === 'active' || f.field_id === Number(a.field_id))
              .map((f) => ({ value: f.field_id, label: f.title }))}
            onChange={(id: number) => onChange({ ...a, field_id: id, value: null })}
            aria-label={t('rule.field_label')}
          />
          {def && (
            <div style={style}>
              <FieldValueInput
                field={def}
                value={a.value}
                onChange={(v) => onChange({ ...a, value: (v ?? null) as typeof a.value })}
              />
            </div>
          )}
        </Space>
      );
    }
    case 'notify':
      return (
        <Flex vertical gap={4} style={{ width: 420 }}>
          <Space>
            <Select
              style={{ width: 200 }}
              value={a.target}
              options={notifyTargets.map((x) => ({ value: x, label: t(`rule.target.${x}`) }))}
              onChange={(v) => onChange({ ...a, target: v })}
              aria-label={label}
            />
            {a.target === 'group' && (
              <Select
                style={{ width: 200 }}
                value={a.group_id === null || a.group_id === undefined ? undefined : Number(a.group_id)}
                options={pickers.groups}
                onChange={(v: number) => onChange({ ...a, group_id: v })}
                aria-label={t('rule.group')}
              />
            )}
            {a.target === 'address' && (
              <Input
                style={{ width: 200 }}
                value={a.address ?? ''}
                placeholder={t('rule.address')}
                onChange={(e) => onChange({ ...a, address: e.target.value })}
              />
            )}
          </Space>
          <Input
            value={a.subject}
            placeholder={t('rule.subject')}
            onChange={(e) => onChange({ ...a, subject: e.target.value })}
            aria-label={t('rule.subject')}
          />
          <Input.TextArea
            autoSize={{ minRows: 2 }}
            value={a.body}
            placeholder={t('rule.body')}
            onChange={(e) => onChange({ ...a, body: e.target.value })}
            aria-label={t('rule.body')}
          />
        </Flex>
      );
    case 'webhook':
      return (
        <Flex vertical gap={4} style={{ width: 420 }}>
          <Input
            value={a.url}
            placeholder={t('rule.url')}
            onChange={(e) => onChange({ ...a, url: e.target.value })}
            aria-label={t('rule.url')}
          />
          <Input.Password
            value={a.secret ?? ''}
            placeholder={t('rule.secret')}
            onChange={(e) => onChange({ ...a, secret: e.target.value })}
            aria-label={t('rule.secret')}
          />
          <span style={{ color: '#888', fontSize: 12 }}>{t('rule.secret_hint')}</span>
        </Flex>
      );
  }
}

/** The actions of a rule, in order. */
export function ActionsEditor({
  value = [],
  onChange,
}: {
  value?: TRuleActionInput[];
  onChange?: (v: TRuleActionInput[]) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, next: TRuleActionInput) => onChange?.(value.map((a, j) => (j === i ? next : a)));
  const { box, added } = useFocusAdded();
  return (
    <Flex vertical gap={6} data-testid="rule-actions" ref={box}>
      {value.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
        <Space key={i} align="start" wrap>
          <Select
            style={{ width: 200 }}
            value={a.action}
            // Typing picks an action by its name, as the conditions' field does (Enter took the
            // highlighted first one before, whatever was typed).
            showSearch={{ optionFilterProp: 'label' }}
            options={names.map((n) => ({ value: n, label: t(`rule.action.${n}`) }))}
            onChange={(n: TRuleActionName) => set(i, blank(n))}
            aria-label={t('rule.action_label')}
          />
          <ActionInput a={a} onChange={(next) => set(i, next)} />
          <Button
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
            aria-label={t('common.delete')}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined aria-hidden />}
        style={{ width: 'fit-content' }}
        onClick={() => {
          added();
          onChange?.([...value, blank('add_tags')]);
        }}
      >
        {t('rule.add_action')}
      </Button>
    </Flex>
  );
}
