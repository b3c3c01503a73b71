import { useMatches } from 'react-router';

/** What each route of the table carries: the key of its title (`route.<key>`). */
export interface TRouteHandle {
  key: string;
}

function isHandle(value: unknown): value is TRouteHandle {
  return value !== null && typeof value === 'object' && typeof (value as { key?: unknown }).key === 'string';
}

/** The title key (`route.<key>`) of the deepest matched route. */
export function useRouteKey(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isHandle(handle)) {
      return handle.key;
    }
  }
  return null;
}
