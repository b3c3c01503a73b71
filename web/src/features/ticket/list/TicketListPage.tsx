import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { lastViewStore } from '../../../auth/storage';
import { usePermission } from '../../../auth/usePermission';
import { Can } from '../../../components/Can';
import { LinkButton } from '../../../components/LinkButton';
// Light (no Ant Design): antd's Result carries its 10 KB of illustrations into the list's first load.
import { Result } from '../../../components/light/Result';
import { PageHeader } from '../../../components/PageHeader';
import { useListParams } from '../../../components/useListParams';
import { useTranslation } from '../../../i18n/useTranslation';
import { usePhone, useWide } from '../../../layout/usePhone';
import { dismissPreview } from '../../../list-preview/preview';
import { moveWhenReady } from '../../../routes/moveWhenReady';
import { warmScreens } from '../../../routes/warmScreens';
import { ticketKeys, ticketListQuery, ticketPaths, useTicketList, useTicketViews } from '../shared/queries';
import { parseSort } from '../shared/sort';
import { useStaffNames } from '../shared/useNames';
import { TicketTable } from './TicketTable';
import './list.css';
import { searchColumns } from './ticketColumns';
import { ViewPicker } from './ViewPicker';

// Made once: the same element from render to render is not drawn again.
const addIcon = <PlusOutlined aria-hidden />;

/**
 * The view the list opens on when the address names none: the one the agent chose last, else the
 * first that holds tickets (not "Your unsolved tickets (0)" while new ones wait elsewhere).
 */
export function openingView<T extends { view_id: number; count: number }>(
  views: readonly T[] | undefined,
): T | undefined {
  if (!views?.length) {
    return undefined;
  }
  const last = lastViewStore.get();
  return views.find((v) => v.view_id === last) ?? views.find((v) => v.count > 0) ?? views[0];
}

/**
 * Home: the tickets of the chosen view in the view's columns and sort, the views with their
 * counts at the side.
 */
export function TicketListPage() {
  const { t } = useTranslation();
  const phone = usePhone();
  const list = useListParams(['view_id', 'sort'] as const);
  const views = useTicketViews();
  // Views found deleted meanwhile (in another tab, by another admin) until the views are read again.
  const [goneIds, setGoneIds] = useState<number[]>([]);
  const live = views.data?.filter((v) => !goneIds.includes(v.view_id));
  const askedId = Number(list.filters.view_id);
  // Without a view in the address, the view on screen stays while the agent works in it: counts
  // that change (two tickets just assigned to them) must not move the list to another view.
  const [openedId, setOpenedId] = useState<number>();
  const view =
    live?.find((v) => v.view_id === askedId) ?? live?.find((v) => v.view_id === openedId) ?? openingView(live);
  if (view && openedId !== view.view_id) {
    setOpenedId(view.view_id);
  }
  const sort = parseSort(list.filters.sort);
  const query = useTicketList(
    { view_id: view?.view_id, offset: list.offset, limit: list.limit, ...(sort ? { sort } : {}) },
    view !== undefined,
    ['0404'],
  );
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  // The view was deleted meanwhile: the list goes on with another view, not to "Page not found".
  const gone = isApiError(query.error) && query.error.code === '0404' ? view?.view_id : undefined;
  useEffect(() => {
    if (gone === undefined) {
      return;
    }
    if (lastViewStore.get() === gone) {
      lastViewStore.remove();
    }
    setGoneIds((ids) => [...ids, gone]);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of ['view_id', 'page', 'sort']) {
          next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
    void queryClient.invalidateQueries({ queryKey: ticketKeys.views });
  }, [gone, setParams, queryClient]);
  // The rows are on screen: the ticket page and the search load meanwhile, ready for the click.
  const shown = query.data !== undefined;
  useEffect(() => {
    if (shown) {
      warmScreens(queryClient);
    }
  }, [shown, queryClient]);
  // The server's drawing of this list gives way once this one has drawn its own rows or state.
  // The drawing goes once the app's own screen is whole: its rows, the side menu (drawn from the
  // caller's nodes) and the names in the rows (assignee, group), else the menu would blink out
  // between the two, or "Support" would read "#1" for a moment.
  const nodes = usePermission();
  const names = useStaffNames();
  const settled =
    (shown && !nodes.loading && !names.loading) ||
    query.isError ||
    views.isError ||
    (views.isSuccess && view === undefined);
  useEffect(() => {
    if (settled) {
      dismissPreview();
    }
  }, [settled]);
  // Another view starts at its first page in its own sort. Its rows are asked for at the click and
  // the list moves to it when they are in (routes/moveWhenReady): the old rows stay until the new
  // ones replace them, drawn once, not first under a spinner and then again.
  const chooseView = (viewId: number) => {
    lastViewStore.set(viewId);
    const rows = queryClient.prefetchQuery(
      ticketListQuery({ view_id: viewId, offset: 0, limit: list.limit }, ['0404']),
    );
    moveWhenReady(rows, () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('page');
          next.delete('sort');
          next.set('view_id', String(viewId));
          return next;
        },
        { replace: true },
      ),
    );
  };
  const wide = useWide();

  const viewPicker = (
    <ViewPicker
      views={live ?? []}
      loading={views.isPending}
      selectedId={view?.view_id}
      wide={wide}
      onChoose={chooseView}
    />
  );

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400, margin: '0 auto' }}>
      <PageHeader
        title={view?.title ?? t('route.index')}
        subtitle={t('ticket.list_subtitle')}
        actions={
          <Can btn="ticket.add">
            <LinkButton type="primary" icon={addIcon} to={ticketPaths.add}>
              {t('ticket.add')}
            </LinkButton>
          </Can>
        }
      />
      <Flex vertical={!wide} align="flex-start" className="ticket-list-columns">
        {viewPicker}
        <div
          className="ant-card parley ticket-list-card"
          style={{ flex: 1, minWidth: 0, width: '100%' }}
          // Whose rows these are, once they are the view's own (not the last view's kept meanwhile).
          data-view-rows={query.data && !query.isPlaceholderData ? view?.view_id : undefined}
        >
          {/* A phone's cards reach the card's edges (they have padding of their own): the subjects get the width. */}
          <div className="ant-card-body" style={phone ? { padding: '4px 0' } : undefined}>
            {query.isError && !query.isFetching ? (
              // Not "no tickets": the counts beside say there are some, and the list did not load.
              <Result
                status="error"
                title={t('ticket.list_failed')}
                subTitle={query.error.message}
                extra={
                  <Button type="primary" onClick={() => void query.refetch()}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : (
              <TicketTable
                // A selection belongs to the view it was made in.
                scope={view?.view_id}
                rows={view || views.isPending ? query.data?.list : []}
                columns={view?.columns ?? searchColumns}
                loading={views.isPending || query.isFetching}
                pagination={list.pagination(query.data?.total)}
                sort={sort ?? view?.sort ?? '-update_ts'}
                onSort={(next) => list.setFilter('sort', next)}
                filtered={false}
                bulk
                onBulkDone={(deletedAll) => {
                  if (deletedAll) {
                    list.backOnePage();
                  }
                }}
                keyboard
              />
            )}
          </div>
        </div>
      </Flex>
    </Flex>
  );
}
