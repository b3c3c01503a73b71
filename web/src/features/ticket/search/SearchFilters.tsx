import { Input } from 'antd';
import { useEnum } from '../../../components/enumOptions';
import { LazySelect } from '../../../components/LazySelect';
import { useTranslation } from '../../../i18n/useTranslation';
import { CompanySelect } from '../../../pickers/CompanySelect';
import { RequesterSelect } from '../shared/RequesterSelect';
import { useStaffNames } from '../shared/useNames';
import { DateRangeFilter } from './DateRangeFilter';

/** The filters of search, beside the keyword box: each one a key of the address. */
export const searchFilterNames = [
  'ticket_state',
  'assignee_id',
  'group_id',
  'requester_id',
  'company_id',
  'tag',
  'created',
  'updated',
] as const;

export type TSearchFilterName = (typeof searchFilterNames)[number];

export const idOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Search's filters: a row of fixed widths on a wide screen; with `block`, one under the other at
 * the width they are given (a phone's filters drawer).
 */
export function SearchFilters({
  filters: f,
  state,
  set,
  tag,
  onTagChange,
  cleared,
  block = false,
}: {
  filters: Partial<Record<TSearchFilterName, string>>;
  /** The state filter, when it is one the server knows. */
  state: string | undefined;
  set: (name: TSearchFilterName) => (value: string | number | null | undefined) => void;
  /** The tag as typed (searched on Enter). */
  tag: string;
  onTagChange: (tag: string) => void;
  /** Counts the clearings: cleared filters start the date pickers afresh. */
  cleared: number;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const names = useStaffNames();
  const states = useEnum('ticket_state');
  const width = (px: number) => (block ? '100%' : px);

  // The filters are Ant Design's closed Select markup until a pointer, a press or the focus comes to
  // one (components/LazySelect.tsx): seven Selects were ~300 fibers made on opening search (issue 15).
  return (
    <>
      <LazySelect
        aria-label={t('ticket.state')}
        placeholder={t('ticket.state')}
        allowClear
        style={{ width: width(140) }}
        value={state}
        onChange={set('ticket_state')}
        options={states.options}
      />
      <LazySelect
        aria-label={t('ticket.assignee')}
        placeholder={t('ticket.assignee')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: width(180) }}
        value={idOf(f.assignee_id)}
        onChange={set('assignee_id')}
        options={names.agentOptions}
      />
      <LazySelect
        aria-label={t('ticket.group')}
        placeholder={t('ticket.group')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: width(160) }}
        value={idOf(f.group_id)}
        onChange={set('group_id')}
        options={names.groupOptions}
      />
      <div style={{ width: width(220) }}>
        <RequesterSelect
          value={idOf(f.requester_id) ?? null}
          onChange={set('requester_id')}
          placeholder={t('ticket.requester')}
          aria-label={t('ticket.requester')}
          lazy
        />
      </div>
      <CompanySelect
        value={idOf(f.company_id) ?? null}
        onChange={set('company_id')}
        aria-label={t('ticket.company')}
        lazy
        {...(block ? { style: { width: '100%' } } : {})}
      />
      <Input.Search
        aria-label={t('ticket.tag')}
        placeholder={t('ticket.tag')}
        allowClear
        style={{ width: width(160) }}
        value={tag}
        onChange={(e) => {
          onTagChange(e.target.value);
          if (e.target.value === '') {
            set('tag')(undefined);
          }
        }}
        onSearch={(value) => set('tag')(value.trim().toLowerCase())}
      />
      <DateRangeFilter
        key={`created-${cleared}`}
        label={t('ticket.created_in')}
        value={f.created}
        onChange={set('created')}
        block={block}
      />
      <DateRangeFilter
        key={`updated-${cleared}`}
        label={t('ticket.updated_in')}
        value={f.updated}
        onChange={set('updated')}
        block={block}
      />
    </>
  );
}
