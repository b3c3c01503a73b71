import AppContext, { type useAppProps } from 'antd/es/app/context';
import { lazy, type ReactNode, Suspense, useState } from 'react';

const AppHolders = lazy(() => import('./AppHolders'));

type TMethods = Record<string, ((...args: unknown[]) => unknown) | undefined>;

/**
 * Stand-ins for Ant Design's `message`, `notification` and `modal`: a call goes to the real API
 * once the holders are in, and before that waits for them (its answer is then a promise of the
 * real answer).
 */
function lateApi() {
  let real: useAppProps | undefined;
  let settle: (api: useAppProps) => void = () => {};
  const ready = new Promise<useAppProps>((resolve) => {
    settle = resolve;
  });
  const forward = <K extends keyof useAppProps>(kind: K): useAppProps[K] =>
    new Proxy({} as useAppProps[K], {
      get:
        (_target, method: string) =>
        (...args: unknown[]) => {
          const call = (api: useAppProps) => (api[kind] as unknown as TMethods)[method]?.(...args);
          return real ? call(real) : ready.then(call);
        },
    });
  return {
    api: { message: forward('message'), notification: forward('notification'), modal: forward('modal') },
    onReady: (api: useAppProps) => {
      real = api;
      settle(api);
    },
  };
}

/**
 * Ant Design's `App` without its weight in the first render (issue 15): the same context, so
 * `App.useApp()` in any screen gets message, notification and modal, and the same `ant-app` root;
 * the holders (message, notification, Modal and what they import) load after the shell has
 * rendered. A call made before they are in waits for them.
 */
export function LateApp({ children }: { children: ReactNode }) {
  const [late] = useState(lateApi);
  return (
    <AppContext.Provider value={late.api}>
      <div className="ant-app parley">
        <Suspense fallback={null}>
          <AppHolders onReady={late.onReady} />
        </Suspense>
        {children}
      </div>
    </AppContext.Provider>
  );
}
