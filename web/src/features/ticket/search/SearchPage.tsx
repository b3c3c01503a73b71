import { enums, ticketKwMax } from '@parley/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useSession } from '../../../auth/SessionContext';
import { ListPage } from '../../../components/ListPage';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../components/useListParams';
import { useTranslation } from '../../../i18n/useTranslation';
import { usePhone } from '../../../layout/usePhone';
import { TicketTable } from '../list/TicketTable';
import { searchColumns } from '../list/ticketColumns';
import { useTicketList } from '../shared/queries';
import { parseSort } from '../shared/sort';
import { dateRangeTs, parseDateRange } from './dateRange';
import { FiltersDrawer } from './FiltersDrawer';
import { idOf, SearchFilters, searchFilterNames } from './SearchFilters';
import { SearchHelp } from './SearchHelp';

const filterNames = [...searchFilterNames, 'sort'] as const;

/** Search: a keyword and filters over every ticket the caller may see, kept in the address. */
export function SearchPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  const list = useListParams(filterNames);
  const [, setParams] = useSearchParams();
  const f = list.filters;
  const { timezone } = useSession();
  const [tag, setTag] = useState(f.tag ?? '');
  // Cleared filters start the date pickers afresh.
  const [cleared, setCleared] = useState(0);
  // Preset ranges count back from when the page opened, so that paging keeps the same rows.
  const [openedAt] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const created = dateRangeTs(parseDateRange(f.created), openedAt, timezone);
  const updated = dateRangeTs(parseDateRange(f.updated), openedAt, timezone);
  const sort = parseSort(f.sort);
  const state = enums.ticket_state.values.find((s) => s === f.ticket_state);
  const query = {
    offset: list.offset,
    limit: list.limit,
    ...(list.kw ? { kw: list.kw } : {}),
    ...(state ? { ticket_state: state } : {}),
    assignee_id: idOf(f.assignee_id),
    group_id: idOf(f.group_id),
    requester_id: idOf(f.requester_id),
    company_id: idOf(f.company_id),
    ...(f.tag ? { tag: f.tag } : {}),
    create_ts_from: created.from,
    create_ts_to: created.to,
    update_ts_from: updated.from,
    update_ts_to: updated.to,
    ...(sort ? { sort } : {}),
  };
  // A search the server refuses (`seats:many`, an unknown field) says why beside the box, in place of rows.
  const results = useTicketList(query, true, ['FFFF']);
  const refusal = isApiError(results.error) && results.error.code === 'FFFF' ? results.error.message : null;
  const activeFilters = searchFilterNames.filter((n) => f[n] !== undefined).length;
  const filtered = list.kw !== '' || activeFilters > 0;
  const set = (name: (typeof filterNames)[number]) => (value: string | number | null | undefined) =>
    list.setFilter(name, value === null || value === undefined || value === '' ? undefined : String(value));
  // The words (`kept`) stay when a phone's drawer clears its filters: the box is not in it.
  const clear = (kept: { kw?: string } = {}) => {
    setTag('');
    setCleared((n) => n + 1);
    setParams(new URLSearchParams(kept), { replace: true });
  };
  const filters = (block: boolean) => (
    <SearchFilters filters={f} state={state} set={set} tag={tag} onTagChange={setTag} cleared={cleared} block={block} />
  );

  return (
    <ListPage
      width={1400}
      // A phone's result cards reach the card's sides, as on the ticket list: not 24px in on either side.
      flush={phone}
      subtitle={t('ticket.search_subtitle')}
      filters={
        phone ? (
          // A phone's first screen shows results: the filters fold into a drawer behind a button
          // that counts them (they filled the screen, one under the other).
          <>
            <div style={{ flex: 1, minWidth: 0 }}>
              <SearchBox
                value={list.kw}
                onSearch={list.setKw}
                placeholder={t('ticket.search_placeholder')}
                width="100%"
                maxLength={ticketKwMax}
              />
            </div>
            <SearchHelp />
            <FiltersDrawer count={activeFilters} onClear={() => clear(list.kw ? { kw: list.kw } : {})}>
              {filters(true)}
            </FiltersDrawer>
          </>
        ) : (
          <>
            <SearchBox
              value={list.kw}
              onSearch={list.setKw}
              placeholder={t('ticket.search_placeholder')}
              width={360}
              maxLength={ticketKwMax}
            />
            <SearchHelp />
            {filters(false)}
            {filtered && (
              <Button type="link" onClick={() => clear()}>
                {t('ticket.clear_filters')}
              </Button>
            )}
          </>
        )
      }
    >
      {/* A refused search ran nowhere: it says why, and no table claims that nothing matched. */}
      {refusal && !results.isFetching ? (
        <Alert type="warning" showIcon title={refusal} style={{ marginBottom: 12, marginInline: phone ? 16 : 0 }} />
      ) : (
        <TicketTable
          rows={results.data?.list}
          columns={searchColumns}
          loading={results.isFetching}
          pagination={list.pagination(results.data?.total)}
          sort={sort ?? '-update_ts'}
          onSort={(next) => list.setFilter('sort', next)}
          filtered={filtered}
          // j/k and Enter as on the ticket list; a new search starts from its first row.
          keyboard
          scope={JSON.stringify(query)}
        />
      )}
    </ListPage>
  );
}
