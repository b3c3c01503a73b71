/**
 * Answers that `/prefetch.js` (web/public) asked for before the app's JavaScript had arrived
 * (issue 15). The API client takes a matching one instead of asking again.
 */
export interface TPrefetched {
  method: string;
  /** Path under `/api`, with its query. */
  url: string;
  body: string | undefined;
  token: string;
  language: string | null;
  /** Epoch ms when it was asked. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __parleyPrefetch?: TPrefetched[];
  }
}

/** An answer older than this is not taken: the app asks afresh. */
export const prefetchTtlMs = 15_000;

/**
 * The prefetched answer to exactly this request (method, path and query, body, token, language),
 * if one is waiting; each is handed out once.
 */
export function takePrefetched(
  request: { method: string; url: string; body: string | undefined; token: string | null; language: string | null },
  now = Date.now(),
): Promise<Response> | null {
  const list = typeof window === 'undefined' ? undefined : window.__parleyPrefetch;
  if (!list || list.length === 0) {
    return null;
  }
  const index = list.findIndex(
    (p) =>
      p.method === request.method &&
      p.url === request.url &&
      p.body === request.body &&
      p.token === request.token &&
      p.language === request.language &&
      now - p.at < prefetchTtlMs,
  );
  if (index < 0) {
    return null;
  }
  const [hit] = list.splice(index, 1);
  return hit ? hit.response : null;
}
