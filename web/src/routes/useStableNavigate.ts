import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext } from 'react-router';

type TRouter = NonNullable<React.ContextType<typeof DataRouterContext>>['router'];
type TNavigateOptions = Parameters<TRouter['navigate']>[1];

/**
 * `useNavigate` for what stays on screen from page to page (the shell's menu, tabs and user menu).
 * React Router's hook reads the matched route's context, which is new on every change of page, so
 * each of them rendered again on every move, opening a ticket included (issue 15). This one reads
 * the router alone, which never changes. Absolute paths only: there is no route to resolve a
 * relative one against.
 */
export function useStableNavigate(): (to: string, options?: TNavigateOptions) => Promise<void> {
  const router = useContext(DataRouterContext)?.router;
  if (!router) {
    throw new Error('useStableNavigate needs a data router');
  }
  return useCallback((to: string, options?: TNavigateOptions) => router.navigate(to, options), [router]);
}
