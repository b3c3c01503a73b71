import type { TTicket } from '@parley/contracts';
import { useState } from 'react';
import { LazyMultiSelect } from '../../../components/LazySelect';
import { useSettled } from '../../../components/useSettled';
import { useTranslation } from '../../../i18n/useTranslation';
import { accountLabel, useAccountSearch } from '../../../pickers/accountQueries';
import { useTagSuggestions } from './queries';
import { usePersonNames } from './usePersonNames';

// Both drawn as Select's closed markup until used (components/LazySelect.tsx, issue 15).

/**
 * CCs: any accounts, searched by email or name. The server refuses addresses of the CC
 * blocklist; its message comes as an error toast when the ticket is submitted.
 */
export function CcSelect({
  ticket,
  value,
  onChange,
  id,
}: {
  ticket: TTicket;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const kw = useSettled(typed);
  const names = usePersonNames(ticket, value ?? []);
  const found = useAccountSearch(kw);
  const chosen = (value ?? []).map((accountId) => ({ value: accountId, label: names.name(accountId) }));
  const options = (found.data?.list ?? [])
    .filter((a) => !(value ?? []).includes(a.account_id))
    .map((a) => ({ value: a.account_id, label: accountLabel(a) }));
  return (
    <LazyMultiSelect<number>
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(next) => {
        setTyped('');
        onChange?.(next);
      }}
      options={[...chosen, ...options]}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      placeholder={t('ticket.find_requester')}
      notFoundContent={kw === '' ? t('ticket.type_to_search') : undefined}
    />
  );
}

/** Tags: typed freely, with the tags in use as suggestions. */
export function TagSelect({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (tags: string[]) => void;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const kw = useSettled(typed);
  const suggestions = useTagSuggestions(kw, typed !== '');
  const options = (suggestions.data ?? []).filter((tag) => !(value ?? []).includes(tag)).map((tag) => ({ value: tag }));
  return (
    <LazyMultiSelect<string>
      id={id}
      mode="tags"
      value={value ?? []}
      onChange={(next) => {
        setTyped('');
        onChange?.(next.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag !== ''));
      }}
      tokenSeparators={[',', ' ', '，']}
      options={options}
      showSearch={{ onSearch: setTyped }}
      notFoundContent={null}
      suffixIcon={null}
    />
  );
}
