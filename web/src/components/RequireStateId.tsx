import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/** What a list hands an edit screen whose path carries no id (docs/product.md §2). */
export interface TEditState {
  id: number;
}

/** `navigate(path, { state: editState(id) })` opens such an edit screen on one record. */
export function editState(id: number): TEditState {
  return { id };
}

export function stateIdOf(state: unknown): number | null {
  if (state === null || typeof state !== 'object' || !('id' in state)) {
    return null;
  }
  const id = (state as { id: unknown }).id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Renders an edit screen for the record the list chose; opened directly (a typed address, a
 * bookmark, a new tab) there is no record to edit, so it goes back to the list instead.
 */
export function RequireStateId({ listPath, children }: { listPath: string; children: (id: number) => ReactNode }) {
  const { state } = useLocation();
  const id = stateIdOf(state);
  if (id === null) {
    return <Navigate to={listPath} replace />;
  }
  return <>{children(id)}</>;
}
