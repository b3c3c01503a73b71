import { type ComponentType, use } from 'react';

/** A screen whose code can be loaded ahead of its route (see `PreloadedScreen`). */
export interface TPreloadedScreen {
  /** Loads the screen's code once; later calls return the same promise. */
  preload: () => Promise<ComponentType>;
  /** The screen, once loaded. */
  loaded: () => ComponentType | null;
}

export function preloadedScreen(load: () => Promise<ComponentType>): TPreloadedScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= load().then(
      (screen) => {
        loaded = screen;
        return screen;
      },
      (error: unknown) => {
        // A failed load (the network, a new deployment) is tried again on the next render.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { preload, loaded: () => loaded };
}

/**
 * A route's screen given as the route's element rather than the router's `lazy` (issue 15). A
 * `lazy` route makes the router's first move to it a navigation in two steps, however long ago its
 * code was loaded: a "loading" state, drawn (the whole shell rendered again), then the page once
 * the router has awaited `lazy`. Opening the first ticket from the list paid that extra render
 * after its data was in. Preloaded (warmScreens), the screen renders at once; not preloaded yet,
 * it waits for its code inside the render (`use`), the page's loading state showing meanwhile.
 */
export function PreloadedScreen({ screen }: { screen: TPreloadedScreen }) {
  const Screen = screen.loaded() ?? use(screen.preload());
  return <Screen />;
}
