import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { companyApi } from '../api/company';
import { pickerSilent } from '../api/types';
import { LazySelect, type TPickerProps } from '../components/LazySelect';
import { useSettled } from '../components/useSettled';
import { useTranslation } from '../i18n/useTranslation';
import { companyKeys } from './companyKeys';

/** Picks one organization, searching them on the server as the user types. */
export function CompanySelect({
  value,
  onChange,
  id,
  lazy = false,
  placeholder,
  'aria-label': ariaLabel,
  style,
}: {
  value?: number | null;
  onChange?: (companyId: number | null) => void;
  id?: string;
  /** What the empty picker says (by default "choose an organization"). */
  placeholder?: string;
  /** Its name where no label names it (a filter bar): a placeholder is no name. */
  'aria-label'?: string;
  /** Drawn as its closed markup until used (components/LazySelect.tsx): for screens that open with several pickers. */
  lazy?: boolean;
  /** Its width where it is not its own (a filters drawer's full width). */
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const kw = useSettled(typed);
  // The organizations to choose from are listed once the user comes to the picker (a pointer over
  // it, the focus, opening it), not for a closed one (issue 15: search shows it on opening).
  const [used, setUsed] = useState(false);
  const use = () => setUsed(true);
  const found = useQuery({
    queryKey: [...companyKeys.all, 'options', kw],
    queryFn: ({ signal }) => companyApi.list({ kw, offset: 0, limit: 50 }, { signal, silent: pickerSilent }),
    enabled: used,
  });
  const current = useQuery({
    queryKey: companyKeys.option(value ?? 0),
    queryFn: ({ signal }) => companyApi.get(value ?? 0, { signal, silent: pickerSilent }),
    enabled: typeof value === 'number',
  });
  const options = useMemo(() => {
    const rows = found.data?.list ?? [];
    const all =
      current.data && !rows.some((c) => c.company_id === current.data.company_id) ? [current.data, ...rows] : rows;
    return all.map((c) => ({ value: c.company_id, label: c.company_name }));
  }, [found.data, current.data]);

  const select: TPickerProps<number> = {
    id,
    ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
    ...(style ? { style } : {}),
    value: value ?? undefined,
    onChange: (next) => onChange?.(next ?? null),
    options,
    showSearch: { filterOption: false, onSearch: setTyped },
    allowClear: true,
    onMouseEnter: use,
    onFocus: use,
    onOpenChange: (open) => open && use(),
    loading: found.isFetching,
    placeholder: placeholder ?? t('company.choose'),
    notFoundContent: found.isFetching ? null : t('common.no_match'),
  };
  return lazy ? <LazySelect<number> {...select} /> : <Select<number> {...select} />;
}
