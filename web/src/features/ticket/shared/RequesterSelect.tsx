import { Select } from 'antd';
import { useState } from 'react';
import { LazySelect, type TPickerProps } from '../../../components/LazySelect';
import { useSettled } from '../../../components/useSettled';
import { useTranslation } from '../../../i18n/useTranslation';
import { accountLabel, useAccountName, useAccountSearch } from '../../../pickers/accountQueries';

/** Picks one account by email or name, searched on the server as the user types. */
export function RequesterSelect({
  value,
  onChange,
  id,
  lazy = false,
  placeholder,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (accountId: number | null) => void;
  id?: string;
  /** Drawn as its closed markup until used (components/LazySelect.tsx): for screens that open with several pickers. */
  lazy?: boolean;
  placeholder?: string;
  /** Its name where no label names it (a filter bar): a placeholder is no name. */
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const kw = useSettled(typed);
  const [labels, setLabels] = useState<Record<number, string>>({});
  const found = useAccountSearch(kw);
  const options = (found.data?.list ?? []).map((a) => ({ value: a.account_id, label: accountLabel(a) }));
  // A requester chosen before (a search's address): its label from the server.
  const knownLabel = useAccountName(value, { enabled: typeof value === 'number' && labels[value] === undefined });
  const current =
    typeof value === 'number' && !options.some((o) => o.value === value) ? (labels[value] ?? knownLabel) : undefined;

  const select: TPickerProps<number> = {
    id,
    ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
    value: value ?? undefined,
    onChange: (next, option) => {
      if (typeof next === 'number' && option && !Array.isArray(option)) {
        setLabels((l) => ({ ...l, [next]: String(option.label) }));
      }
      onChange?.(next ?? null);
    },
    options: current ? [{ value: value as number, label: current }, ...options] : options,
    showSearch: { filterOption: false, onSearch: setTyped },
    allowClear: true,
    style: { width: '100%' },
    loading: found.isFetching,
    placeholder: placeholder ?? t('ticket.find_requester'),
    notFoundContent: kw === '' ? t('ticket.type_to_search') : undefined,
  };
  return lazy ? <LazySelect<number> {...select} /> : <Select<number> {...select} />;
}
