import { ErrorCode, type TErrorCode, type TLanguage } from '@parley/contracts';
import { loginPath, paths } from '../routes/table';
import { ApiError } from './errors';

export const apiTimeoutMs = 30_000;

type TQueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type TQuery = Record<string, TQueryValue>;

/** What the client needs of a schema (a zod schema is one). */
export interface TChecker<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface TCallOptions<T> {
  /**
   * Skip the default handling of docs/product.md §8 (redirects and toasts): `true` for every
   * code, or a list of codes the caller handles itself. The call still rejects.
   */
  silent?: boolean | ReadonlyArray<ApiError['code']>;
  /**
   * Checks the response's `data` against the contract: a contracts schema, or on the public
   * pages (which load no zod) one of api/shape.ts's lighter checks.
   */
  schema?: TChecker<T>;
  signal?: AbortSignal;
  /** Receives the `msg` of a success (a write's "Successfully saved", in the request's language). */
  onMessage?: (msg: string) => void;
}

/** What the client needs from the app; injected so the client runs without a DOM router. */
export interface TApiEnvironment {
  getToken(): string | null;
  /** The language to send, or null when none is stored. */
  getLanguage(): TLanguage | null;
  /** Clears the stored token and name (0401). */
  clearSession(): void;
  /** The current address, path and query, e.g. `/wswt/search?kw=x`. */
  currentPath(): string;
  navigate(to: string): void;
  notifyError(text: string): void;
  /** Texts for failures that have no server message. */
  texts: { network: string; timeout: string; badResponse: string };
  fetch?: typeof fetch;
  /**
   * An answer to exactly this request that was asked for before the app started (see
   * api/prefetched.ts), or null. `url` is the path under the base, with its query.
   */
  prefetched?(request: {
    method: 'GET' | 'POST';
    url: string;
    body: string | undefined;
    token: string | null;
    language: string | null;
  }): Promise<Response> | null;
  baseUrl?: string;
  timeoutMs?: number;
}

export interface TApiClient {
  get<T = unknown>(path: string, query?: TQuery, options?: TCallOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: TCallOptions<T>): Promise<T>;
  /** A multipart POST of one file (field `file`), with the same envelope handling. */
  upload<T = unknown>(path: string, file: Blob, options?: TCallOptions<T>): Promise<T>;
}

const knownCodes = new Set<string>(Object.values(ErrorCode));

export function toQueryString(query: TQuery | undefined): string {
  if (!query) {
    return '';
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') {
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        params.append(key, String(item));
      }
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function createApiClient(env: TApiEnvironment): TApiClient {
  const baseUrl = env.baseUrl ?? '/api';
  const timeoutMs = env.timeoutMs ?? apiTimeoutMs;

  function handle(error: ApiError, silent: TCallOptions<unknown>['silent']): void {
    if (silent === true || (Array.isArray(silent) && silent.includes(error.code))) {
      return;
    }
    switch (error.code) {
      case ErrorCode.unauthorized: {
        env.clearSession();
        const here = env.currentPath();
        const herePath = here.split('?')[0];
        if (herePath !== paths.login) {
          env.navigate(loginPath(here));
        }
        return;
      }
      case ErrorCode.forbidden:
        env.navigate(paths.forbidden);
        return;
      case ErrorCode.notFound:
        env.navigate(paths.notFound);
        return;
      default:
        env.notifyError(error.message);
    }
  }

  async function call<T>(method: 'GET' | 'POST', url: string, body: unknown, options: TCallOptions<T>): Promise<T> {
    const multipart = body instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = env.getToken();
    if (token) {
      headers.Authorization = token;
    }
    const language = env.getLanguage();
    if (language) {
      headers.Language = language;
    }
    if (method === 'POST' && !multipart) {
      // A FormData body sets its own multipart type with the boundary.
      headers['Content-Type'] = 'application/json';
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort);

    try {
      let response: Response;
      try {
        const text = method === 'POST' && !multipart ? JSON.stringify(body ?? {}) : undefined;
        const early = multipart ? null : (env.prefetched?.({ method, url, body: text, token, language }) ?? null);
        response = await (early ??
          (env.fetch ?? fetch)(baseUrl + url, {
            method,
            headers,
            body: method === 'POST' ? (multipart ? (body as FormData) : text) : undefined,
            signal: controller.signal,
            credentials: 'same-origin',
          }));
      } catch (cause) {
        if (options.signal?.aborted && !timedOut) {
          // The caller gave up (a query was cancelled): not a failure to tell anyone about.
          throw cause;
        }
        throw new ApiError(timedOut ? 'timeout' : 'network', timedOut ? env.texts.timeout : env.texts.network);
      }

      let envelope: { code?: unknown; msg?: unknown; data?: unknown };
      try {
        envelope = (await response.json()) as typeof envelope;
      } catch (cause) {
        if (options.signal?.aborted && !timedOut) {
          // The caller gave up while the body was still arriving: nothing went wrong.
          throw cause;
        }
        // Not our envelope: a proxy's error page, or the server is not running.
        throw new ApiError(ErrorCode.internal, env.texts.badResponse);
      }
      const code = typeof envelope.code === 'string' && knownCodes.has(envelope.code) ? envelope.code : null;
      const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
      if (code === null) {
        throw new ApiError(ErrorCode.internal, msg || env.texts.badResponse, envelope.data ?? null);
      }
      if (code !== ErrorCode.ok) {
        throw new ApiError(code as TErrorCode, msg || env.texts.badResponse, envelope.data ?? null);
      }
      let data = envelope.data as T;
      if (options.schema) {
        const parsed = options.schema.safeParse(envelope.data);
        if (!parsed.success) {
          throw new ApiError(ErrorCode.internal, env.texts.badResponse, null);
        }
        data = parsed.data;
      }
      options.onMessage?.(msg);
      return data;
    } catch (error) {
      if (error instanceof ApiError) {
        handle(error, options.silent);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    get: (path, query, options = {}) => call('GET', path + toQueryString(query), undefined, options),
    post: (path, body, options = {}) => call('POST', path, body, options),
    upload: (path, file, options = {}) => {
      const form = new FormData();
      form.append('file', file, file instanceof File ? file.name : 'file');
      return call('POST', path, form, options);
    },
  };
}
