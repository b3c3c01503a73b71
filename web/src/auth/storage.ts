import { parseLanguage, type TLanguage } from '@parley/contracts';
import { clearCookie, cookieNames, writeCookie, writeSessionCookie } from './cookies';

/**
 * Everything the web app keeps in the browser. Values in localStorage are stored as
 * `{ value, expires_at }`; an expired value reads as absent and is removed.
 */
interface TStored<T> {
  value: T;
  /** Epoch milliseconds, or null for a value that does not expire. */
  expires_at: number | null;
}

const prefix = 'parley.';

export const storageKeys = {
  token: 'token',
  realName: 'real_name',
  timezone: 'timezone',
  language: 'language',
  stayLogin: 'stay_login',
  headerTabs: 'header_tabs',
  lastTicketList: 'last_ticket_list',
  afterSubmit: 'after_submit',
  /** The ticket view the agent last chose: where the ticket list opens next time. */
  lastView: 'last_view',
  /** The language a link asked for (a survey mail's), kept for the tab (sessionStorage). */
  linkLanguage: 'link_language',
  /** What a visitor has typed into the public ticket form, kept for the tab until it is sent (sessionStorage). */
  ticketDraft: 'ticket_draft',
} as const;

function read<T>(store: Storage, key: string, now = Date.now()): T | null {
  let raw: string | null;
  try {
    raw = store.getItem(prefix + key);
  } catch {
    return null;
  }
  if (raw === null) {
    return null;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<TStored<T>> | null;
    if (parsed === null || typeof parsed !== 'object' || !('value' in parsed)) {
      store.removeItem(prefix + key);
      return null;
    }
    if (typeof parsed.expires_at === 'number' && parsed.expires_at <= now) {
      store.removeItem(prefix + key);
      return null;
    }
    return parsed.value as T;
  } catch {
    store.removeItem(prefix + key);
    return null;
  }
}

function write<T>(store: Storage, key: string, value: T, ttlMs?: number, now = Date.now()): void {
  const item: TStored<T> = { value, expires_at: ttlMs === undefined ? null : now + ttlMs };
  try {
    store.setItem(prefix + key, JSON.stringify(item));
  } catch {
    // Private mode or a full quota: the app still works, it just forgets on reload.
  }
}

function remove(store: Storage, key: string): void {
  try {
    store.removeItem(prefix + key);
  } catch {
    // Nothing to do: see write().
  }
}

export const local = {
  get: <T>(key: string, now?: number) => read<T>(localStorage, key, now),
  set: <T>(key: string, value: T, ttlMs?: number, now?: number) => write(localStorage, key, value, ttlMs, now),
  remove: (key: string) => remove(localStorage, key),
};

export const session = {
  get: <T>(key: string, now?: number) => read<T>(sessionStorage, key, now),
  set: <T>(key: string, value: T, ttlMs?: number, now?: number) => write(sessionStorage, key, value, ttlMs, now),
  remove: (key: string) => remove(sessionStorage, key),
};

const hour = 60 * 60 * 1000;
/** The server keeps a "stay signed in" session for 30 days, any other for 12 hours without use. */
export const sessionTtl = { stay: 30 * 24 * hour, short: 12 * hour } as const;

export interface TSignIn {
  token: string;
  real_name: string;
  timezone: string;
  stay_login: boolean;
}

export const authStore = {
  token: (): string | null => local.get<string>(storageKeys.token),
  realName: (): string | null => local.get<string>(storageKeys.realName),
  timezone: (): string | null => local.get<string>(storageKeys.timezone),

  save(signIn: TSignIn): void {
    const ttl = signIn.stay_login ? sessionTtl.stay : sessionTtl.short;
    local.set(storageKeys.token, signIn.token, ttl);
    local.set(storageKeys.realName, signIn.real_name, ttl);
    local.set(storageKeys.timezone, signIn.timezone, ttl);
    local.set(storageKeys.stayLogin, signIn.stay_login, ttl);
    writeSessionCookie(signIn.token, ttl, authStore.token);
  },

  /** A short session lives 12 hours from its last use: each verified visit extends it. */
  touch(): void {
    const token = authStore.token();
    if (token === null) {
      return;
    }
    // A language or a view chosen before their cookies existed reach the server too.
    if (languageStore.isSet()) {
      writeCookie(cookieNames.language, languageStore.get(), 365 * 24 * hour);
    }
    const view = lastViewStore.get();
    if (view !== null) {
      writeCookie(cookieNames.view, String(view), 365 * 24 * hour);
    }
    // A token stored before the cookie existed gets it too (a stay-signed-in one at its longest:
    // the server refuses an expired session whatever the cookie says).
    if (local.get<boolean>(storageKeys.stayLogin) === true) {
      writeSessionCookie(token, sessionTtl.stay, authStore.token);
      return;
    }
    local.set(storageKeys.token, token, sessionTtl.short);
    writeSessionCookie(token, sessionTtl.short, authStore.token);
    const name = authStore.realName();
    if (name !== null) {
      local.set(storageKeys.realName, name, sessionTtl.short);
    }
  },

  saveProfile(realName: string, timezone: string): void {
    const stay = local.get<boolean>(storageKeys.stayLogin) === true;
    const ttl = stay ? sessionTtl.stay : sessionTtl.short;
    local.set(storageKeys.realName, realName, ttl);
    local.set(storageKeys.timezone, timezone, ttl);
  },

  /** What the 0401 handling of docs/product.md §8 clears. */
  clear(): void {
    local.remove(storageKeys.token);
    local.remove(storageKeys.realName);
    local.remove(storageKeys.stayLogin);
    clearCookie(cookieNames.session);
  },
};

/**
 * The ticket view the agent last chose on this device: the list opens in it, and so does the
 * server's drawing of the list (its cookie) and the prefetch (public/prefetch.js reads it here).
 */
export const lastViewStore = {
  get(): number | null {
    const id = Number(local.get<number>(storageKeys.lastView));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set(viewId: number): void {
    local.set(storageKeys.lastView, viewId);
    writeCookie(cookieNames.view, String(viewId), 365 * 24 * hour);
  },
  remove(): void {
    local.remove(storageKeys.lastView);
    clearCookie(cookieNames.view);
  },
};

export const languageStore = {
  /** The user's own choice, else the language a link asked for, else English. */
  get(): TLanguage {
    const stored = local.get<string>(storageKeys.language) ?? session.get<string>(storageKeys.linkLanguage);
    return stored === null ? 'en' : parseLanguage(stored);
  },
  /**
   * The language a link asked for (the survey links of a mail carry their reader's), for this tab:
   * above the help desk's default, below a language the user picks.
   */
  linked(): TLanguage | null {
    const stored = session.get<string>(storageKeys.linkLanguage);
    return stored === null ? null : parseLanguage(stored);
  },
  setLinked(language: TLanguage): void {
    session.set(storageKeys.linkLanguage, language);
  },
  set(language: TLanguage): void {
    local.set(storageKeys.language, language);
    // The server draws the ticket list's first paint in it (decision 0019).
    writeCookie(cookieNames.language, language, 365 * 24 * hour);
  },
  /** True when the user has picked a language (so a header should be sent). */
  isSet(): boolean {
    return local.get<string>(storageKeys.language) !== null;
  },
};
