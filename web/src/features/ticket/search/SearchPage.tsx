import { enums, ticketKwMax } from '@parley/contracts';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useSession } from '../../../auth/SessionContext';
import { useEnum } from '../../../components/enumOptions';
import { LazySelect } from '../../../components/LazySelect';
import { ListPage } from '../../../components/ListPage';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../components/useListParams';
import { usePhone } from '../../../layout/usePhone';
import { CompanySelect } from '../../../pickers/CompanySelect';
import { TicketTable } from '../list/TicketTable';
import { searchColumns } from '../list/ticketColumns';
import { useTicketList } from '../shared/queries';
import { RequesterSelect } from '../shared/RequesterSelect';
import { parseSort } from '../shared/sort';
import { useStaffNames } from '../shared/useNames';
import { DateRangeFilter } from './DateRangeFilter';
import { dateRangeTs, parseDateRange } from './dateRange';
import { SearchHelp } from './SearchHelp';

const filterNames = [
  'ticket_state',
  'assignee_id',
  'group_id',
  'requester_id',
  'company_id',
  'tag',
  'created',
  'updated',
  'sort',
] as const;

const idOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Search: a keyword and filters over every ticket the caller may see, kept in the address. */
export function SearchPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  const list = useListParams(filterNames);
  const [, setParams] = useSearchParams();
  const f = list.filters;
  const names = useStaffNames();
  const states = useEnum('ticket_state');
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
  const filtered = list.kw !== '' || filterNames.some((n) => n !== 'sort' && f[n] !== undefined);
  const set = (name: (typeof filterNames)[number]) => (value: string | number | null | undefined) =>
    list.setFilter(name, value === null || value === undefined || value === '' ? undefined : String(value));

  // The filters are Ant Design's closed Select markup until a pointer, a press or the focus comes to
  // one (components/LazySelect.tsx): seven Selects were ~300 fibers made on opening search (issue 15).
  return (
    <ListPage
      width={1400}
      // A phone's result cards reach the card's sides, as on the ticket list: not 24px in on either side.
      flush={phone}
      subtitle={t('ticket.search_subtitle')}
      filters={
        <>
          <SearchBox
            value={list.kw}
            onSearch={list.setKw}
            placeholder={t('ticket.search_placeholder')}
            width={360}
            maxLength={ticketKwMax}
          />
          <SearchHelp />
          <LazySelect
            aria-label={t('ticket.state')}
            placeholder={t('ticket.state')}
            allowClear
            style={{ width: 140 }}
            value={state}
            onChange={set('ticket_state')}
            options={states.options}
          />
          <LazySelect
            aria-label={t('ticket.assignee')}
            placeholder={t('ticket.assignee')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            value={idOf(f.assignee_id)}
            onChange={set('assignee_id')}
            options={names.agentOptions}
          />
          <LazySelect
            aria-label={t('ticket.group')}
            placeholder={t('ticket.group')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            value={idOf(f.group_id)}
            onChange={set('group_id')}
            options={names.groupOptions}
          />
          <div style={{ width: 220 }}>
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
          />
          <Input.Search
            aria-label={t('ticket.tag')}
            placeholder={t('ticket.tag')}
            allowClear
            style={{ width: 160 }}
            value={tag}
            onChange={(e) => {
              setTag(e.target.value);
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
          />
          <DateRangeFilter
            key={`updated-${cleared}`}
            label={t('ticket.updated_in')}
            value={f.updated}
            onChange={set('updated')}
          />
          {filtered && (
            <Button
              type="link"
              onClick={() => {
                setTag('');
                setCleared((n) => n + 1);
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t('ticket.clear_filters')}
            </Button>
          )}
        </>
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
