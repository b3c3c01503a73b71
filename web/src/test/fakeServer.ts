import type { TAccount, TManagedAccount, TMyInfoResponse } from '@parley/contracts';
import { vi } from 'vitest';
import { ticketSetting } from './fixtures';
import { refusal } from './opCheck';

/** One recorded call to the fake API. */
/** A dashboard with nothing in it, for tests to start from. */
export const emptyDashboard = {
  range: { from_ts: 0, to_ts: 0, timezone: 'UTC' },
  created: 0,
  solved: 0,
  unsolved: 0,
  series: [],
  mine: { open: 0, pending: 0, solved: 0 },
  satisfaction: { good: 0, bad: 0, offered: 0, solved: 0 },
  chats: { waiting: 0, active: 0 },
};

export interface TCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The multipart body of an upload, when the call sent one. */
  form: FormData | null;
  headers: Record<string, string>;
}

type TEnvelope = { code: string; msg: string; data: unknown };
type THandler = (call: TCall) => TEnvelope | Response;
export type THandlers = Record<string, THandler>;
export interface TFakeServerOptions {
  user?: TAccount;
  menus?: string[];
  buttons?: string[];
  handlers?: THandlers;
  /**
   * Paths the test means to leave unanswered (answered 0404, as the real server answers an
   * unknown call). Any other unanswered call fails the test (src/test/setup.ts): the app would
   * leave for page_not_found at a moment that depends on the machine's load.
   */
  allowUnserved?: string[];
}

/** The unanswered calls of the test's fake server that it did not allow: checked after each test. */
let pending: { unserved: string[]; allowed: string[] } | null = null;

export function takeUnexpectedUnserved(): string[] {
  const found = pending ? pending.unserved.filter((path) => !pending?.allowed.includes(path)) : [];
  pending = null;
  return [...new Set(found)];
}

/** What the help desk's public settings say unless a test serves its own. */
export const brandingDefaults = {
  favicon: '',
  brand_name: '',
  site_url: '',
  default_language: 'en',
  default_timezone: 'UTC',
  date_format: 'medium',
};

export const ok = (data: unknown = null): TEnvelope => ({ code: '0000', msg: 'Success', data });
export const fail = (code: string, msg: string, data: unknown = null): TEnvelope => ({ code, msg, data });

export function account(overrides: Partial<TManagedAccount> = {}): TManagedAccount {
  return {
    account_id: 3,
    email: 'agent@example.com',
    real_name: 'Ada Lovelace',
    user_type: 'agent',
    ticket_access: 'all',
    reply_access: 'public',
    can_close_ticket: true,
    avatar: '',
    alias_name: '',
    signature: '',
    enable_signature: false,
    default_language: 'en',
    timezone: 'Europe/Berlin',
    timezone_follows_default: false,
    inner_notes: '',
    allow_check_email: false,
    role_ids: [],
    group_ids: [],
    tool_access: [],
    chat_state: 'offline',
    access_state: 'allowed',
    company_id: null,
    create_ts: 0,
    update_ts: 0,
    manageable: true,
    ...overrides,
  };
}

/** What `auth.my.info.get` answers for an account: its settings and the default choice of mails. */
export const myInfo = (user: TAccount, more: Partial<TMyInfoResponse> = {}): TMyInfoResponse => ({
  setting_data: {},
  notify_new: 'all',
  notify_replied: true,
  notify_assigned: true,
  password_temporary: false,
  ...user,
  ...more,
});

/** A `{ list, total }` page of a list call. */
export const page = (list: unknown[], total = list.length) => ok({ list, total });

/**
 * Replaces fetch with a server that answers `/api/<path>` from `handlers`; a signed-in agent
 * holding the menu nodes `menus` and the button nodes `buttons` unless a handler says
 * otherwise. A call to an operation of contracts (`allOps`) whose input its schema refuses is
 * answered `FFFF` as the server would, without reaching the handler. Returns the calls it received.
 */
export function fakeServer(options: TFakeServerOptions = {}) {
  const user = options.user ?? account();
  const menus = options.menus ?? ['/wswt'];
  const buttons = options.buttons ?? [];
  const calls: TCall[] = [];
  // Calls no handler answered: the app got 0404 for them, and the API client then leaves for
  // page_not_found, as it would with the real server.
  const unserved: string[] = [];
  pending = { unserved, allowed: options.allowUnserved ?? [] };
  const defaults: Record<string, THandler> = {
    'home/setting/branding.get': () => ok(brandingDefaults),
    'admin/auth.my.info.get': (c) => (c.headers.Authorization ? ok(myInfo(user)) : fail('0401', 'Please sign in')),
    'admin/auth.check': (c) =>
      ok({
        has_auth:
          user.user_type === 'admin' ||
          (c.body.node_type === 'btn' ? buttons : menus).includes(String(c.body.node_value)),
      }),
    'admin/auth.has.node.list': () =>
      ok({
        list: [
          ...menus.map((node_value) => ({ node_type: 'menu', node_value })),
          ...buttons.map((node_value) => ({ node_type: 'btn', node_value })),
        ],
      }),
    'admin/auth.logout': () => ok(null),
    // The dashboard is where several tests land after signing in: an empty one.
    'admin/report.dashboard.get': () => ok(emptyDashboard),
    'admin/todo.list': () => ok({ list: [], open_count: 0 }),
    // A help desk with nothing configured: no custom fields, forms or notes, no SLA target.
    'admin/settings/field.all.list': () => ok({ list: [] }),
    'admin/settings/form.all.list': () => ok({ list: [] }),
    'admin/settings/note.all.list': () => ok({ list: [] }),
    // Empty pickers and lists, and the ticket settings as installed: the screens around the one a
    // test is about call them, and a call left unanswered would send the app to page_not_found.
    'admin/settings/company.list': () => page([]),
    'admin/auth.agent.all.list': () => ok({ list: [] }),
    'admin/auth.group.list': () => page([]),
    'admin/auth.role.list': () => page([]),
    'admin/settings/shortcut.list': () => page([]),
    'admin/ticket.list': () => ok({ list: [], total: 0, total_estimated: false }),
    'admin/chat.queue.list': () => ok({ waiting: [], active: [] }),
    'admin/settings/ticket.get': () => ok(ticketSetting()),
    'admin/auth.account.ticket.history.list': () => page([]),
    // No email channel: a new admin or agent is given a password, not mailed an invitation.
    'admin/auth.account.invite.state.get': () => ok({ can_mail: false }),
    'admin/sla.ticket.get': () =>
      ok({ policy_title: null, metric: null, due_ts: null, paused_left: null, breached: false }),
  };
  const handlers = { ...defaults, ...options.handlers };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const call: TCall = {
      method: init?.method ?? 'GET',
      path,
      query: url.searchParams,
      body:
        typeof init?.body === 'string' && init.body !== '' ? (JSON.parse(init.body) as Record<string, unknown>) : {},
      form: init?.body instanceof FormData ? init.body : null,
      headers: { ...(init?.headers as Record<string, string>) },
    };
    calls.push(call);
    const handler = handlers[path];
    // An operation of contracts refuses what its input schema refuses, as the server does.
    if (!handler) {
      unserved.push(path);
    }
    const envelope =
      (handler && !call.form ? refusal(call.method, path, call) : null) ??
      (handler ? handler(call) : fail('0404', 'Not found'));
    // A file (an attachment's bytes) is answered as it is, not in the envelope.
    if (envelope instanceof Response) {
      return envelope;
    }
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, user, unserved };
}

/**
 * Holds every call to `/api/<path>` until `release` is called: a slow server. Stub the server
 * (`fakeServer`) first: held calls are then answered by it.
 */
export function holdCalls(path: string): () => void {
  const answer = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname === `/api/${path}`) {
      await held;
    }
    return answer(input, init);
  });
  return release;
}
