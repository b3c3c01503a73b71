/**
 * The screens an agent most often opens next from the ticket list (a ticket, the search), loaded
 * while the list sits on screen rather than on the click (issue 15). Opening a ticket from the
 * list otherwise began by fetching, compiling and running the ticket page's code and Ant Design's
 * form, select and tabs (about 300 KB), with Vite adding a preload link per file, before any of
 * the ticket was drawn. The router registers how each screen loads (router.tsx); the list asks for
 * them once its rows are shown, and the browser does it when it has nothing else to do. The ticket
 * page also asks for the lists it reads beside the ticket (fields, forms, notes, settings).
 */
import type { QueryClient } from '@tanstack/react-query';

/** Loads a screen's code (and may ask for the data it reads first, into the query cache). */
type TLoad = (client: QueryClient) => Promise<unknown>;

let loads: TLoad[] = [];
/** The apps (one query cache each: one per page load, one per test) that have warmed already. */
const warmed = new WeakSet<QueryClient>();

/** The router's loaders of the screens to warm. */
export function registerWarmScreens(list: TLoad[]): void {
  loads = list;
}

type TIdle = (run: () => void, options: { timeout: number }) => number;

/** Loads the registered screens once, when the browser is idle (at most 2 s from now). */
export function warmScreens(client: QueryClient): void {
  if (warmed.has(client) || loads.length === 0) {
    return;
  }
  warmed.add(client);
  const idle: TIdle =
    typeof window.requestIdleCallback === 'function'
      ? (run, options) => window.requestIdleCallback(run, options)
      : (run) => window.setTimeout(run, 200);
  idle(
    () => {
      for (const load of loads) {
        // A screen that fails to load here is loaded (and its failure shown) when it is opened.
        load(client).catch(() => {});
      }
    },
    { timeout: 2000 },
  );
}
