// The ticket list rendered on the server, for its first paint (issue 15, decision 0019). Built by
// `vite.ssr.config.ts` into `<outDir>/.ssr/renderList.js`, which the server runs in a worker
// thread of its own, where serverGlobals stands in for the browser's globals.
import './serverGlobals';
import type { TLanguage, TMyInfoResponse } from '@parley/contracts';
import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';
import { nodeListKey } from '../auth/nodes';
import { authStore, local, storageKeys } from '../auth/storage';
import { brandingKey } from '../components/useBranding';
import { groupKeys } from '../features/group/queries';
import { ticketKeys } from '../features/ticket/shared/queries';
import { seenTicketsKey } from '../features/ticket/shared/seenTickets';
import { switchLanguage } from '../i18n';
import { accountKeys } from '../pickers/accountQueries';
import { routes } from '../router';

export interface TListPreviewInput {
  /** The address asked for: `/wswt` and its query. */
  url: string;
  language: TLanguage;
  user: TMyInfoResponse;
  /** `auth.has.node.list`'s answer: what the menu and the buttons show. */
  nodes: unknown;
  /** `ticket.view.list`'s answer. */
  views: unknown;
  /** `branding.get`: the brand's name, the date format and the help desk's time zone. */
  branding: unknown;
  /** `auth.agent.all.list` (need_admin) and every group (`auth.group.list`): the rows' names; null when not had. */
  agents: unknown;
  groups: unknown[] | null;
  /** The list's query as the screen asks it (`useTicketList`), and `ticket.list`'s answer. */
  listQuery: object;
  list: unknown;
}

// The routes never change: one handler for every page (ranking the routes again cost ~1 ms of each
// ~21-ms render, measured with a CPU profile of 40 renders).
const handler = createStaticHandler(routes);

/** The staff shell with the list, as the app draws it with these answers: markup only, no scripts. */
export async function renderListPreview(input: TListPreviewInput): Promise<string> {
  // Nothing kept in the stand-in storage by one agent's page reaches the next's.
  localStorage.clear();
  sessionStorage.clear();
  // One render at a time per worker: the language is the i18n instance's.
  await switchLanguage(input.language);
  const context = await handler.query(new Request(new URL(input.url, 'http://parley.invalid')));
  if (context instanceof Response) {
    throw new Error(`the router answered ${context.status}`);
  }
  // Which tickets this browser opened is kept in the browser: the drawing does not know, so it
  // marks none (the app adds its "new" and "updated" marks when it takes over; it claims none).
  const rows = (input.list as { list?: Array<{ ticket_id: number; update_ts: number }> }).list ?? [];
  localStorage.setItem(seenTicketsKey, JSON.stringify(rows.map((row) => [row.ticket_id, row.update_ts])));
  // The view the server chose (the address's, else the one last chosen on the device: its cookie)
  // is the one the list opens in, as the app in that browser opens it.
  const viewId = (input.listQuery as { view_id?: number }).view_id;
  if (viewId) {
    local.set(storageKeys.lastView, viewId);
  }
  // What the app keeps from the sign-in: the name and the time zone the times are written in.
  authStore.saveProfile(input.user.real_name, input.user.timezone);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(nodeListKey(input.user.account_id), input.nodes);
  client.setQueryData(ticketKeys.views, input.views);
  client.setQueryData(brandingKey, input.branding);
  client.setQueryData(ticketKeys.list(input.listQuery), input.list);
  if (input.agents) {
    client.setQueryData(accountKeys.agents, input.agents);
  }
  if (input.groups) {
    client.setQueryData(groupKeys.every, input.groups);
  }
  const tree = (
    <AppProviders queryClient={client} user={input.user}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProviders>
  );
  // Everything inline (no boundary sent later with a script: the page's CSP runs none inline).
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) {
    html += chunk;
  }
  client.clear();
  return html;
}

/**
 * One render of an empty list, run by the worker before it takes pages: the first render of a
 * fresh thread compiles the app's code (~10× a later one), which would not fit a page's budget.
 */
export async function warmUp(): Promise<void> {
  const user = {
    account_id: 0,
    user_type: 'admin',
    real_name: '',
    email: '',
    tool_access: [],
    default_language: 'en',
    timezone: 'UTC',
  } as unknown as TMyInfoResponse;
  await renderListPreview({
    url: '/wswt',
    language: 'en',
    user,
    nodes: { list: [] },
    views: { list: [] },
    branding: null,
    agents: { list: [] },
    groups: [],
    listQuery: {},
    list: { list: [], total: 0 },
  });
}
