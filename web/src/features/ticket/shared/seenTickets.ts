import { useSyncExternalStore } from 'react';

/**
 * What this agent has seen of each ticket: its `update_ts` when they last had it open. The list
 * marks a ticket "new" until it is first opened and "updated" when it changed after that.
 * Kept in this browser (localStorage); the newest 3,000 tickets are remembered.
 */
export const seenTicketsKey = 'parley.seen_tickets';
const maxRemembered = 3000;

/** Ticket id to the `update_ts` seen, oldest entry first (stored as pairs: object keys that are numbers lose their order). */
type TSeen = ReadonlyMap<number, number>;

let cache: { raw: string | null; seen: TSeen } = { raw: null, seen: new Map() };
const listeners = new Set<() => void>();

/** The stored map; parsed again only when the stored text changed (another tab, a cleared store). */
function load(): TSeen {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(seenTicketsKey);
  } catch {
    return cache.seen;
  }
  if (raw !== cache.raw) {
    const seen = new Map<number, number>();
    try {
      const parsed = JSON.parse(raw ?? '[]') as unknown;
      for (const pair of Array.isArray(parsed) ? parsed : []) {
        if (Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'number') {
          seen.set(pair[0], pair[1]);
        }
      }
    } catch {
      // Unreadable: start again.
    }
    cache = { raw, seen };
  }
  return cache.seen;
}

/** Remembers that the agent has seen the ticket as it was at `updateTs`. */
export function markSeen(ticketId: number, updateTs: number): void {
  const seen = load();
  if ((seen.get(ticketId) ?? 0) >= updateTs) {
    return;
  }
  // Re-inserted last, so that the oldest entries go first when the store is full.
  const next = new Map(seen);
  next.delete(ticketId);
  next.set(ticketId, updateTs);
  for (const id of next.keys()) {
    if (next.size <= maxRemembered) {
      break;
    }
    next.delete(id);
  }
  const raw = JSON.stringify([...next]);
  cache = { raw, seen: next };
  try {
    localStorage.setItem(seenTicketsKey, raw);
  } catch {
    // A full quota: the markers still work until the page reloads.
  }
  for (const listener of listeners) {
    listener();
  }
}

type TSeenMark = 'new' | 'updated' | null;

/** The marker of a list row: never opened here, changed since it was last seen, or neither. */
export function seenMark(seen: TSeen, ticketId: number, updateTs: number): TSeenMark {
  const at = seen.get(ticketId);
  if (at === undefined) {
    return 'new';
  }
  return updateTs > at ? 'updated' : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === seenTicketsKey) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The seen map, re-rendering when a ticket is opened here or in another tab. */
export function useSeenTickets(): TSeen {
  return useSyncExternalStore(subscribe, load, load);
}
