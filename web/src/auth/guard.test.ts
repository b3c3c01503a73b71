import type { TMyInfoResponse } from '@parley/contracts';
import { describe, expect, it, vi } from 'vitest';
import { runGuard, signInFirst, type TGuardInput } from './guard';

const agent: TMyInfoResponse = {
  account_id: 7,
  email: 'agent@example.com',
  real_name: 'Ada Agent',
  user_type: 'agent',
  ticket_access: 'all',
  reply_access: 'public',
  can_close_ticket: true,
  avatar: '',
  alias_name: '',
  signature: '',
  enable_signature: false,
  default_language: 'en',
  timezone: 'Asia/Shanghai',
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
  setting_data: {},
  notify_new: 'all',
  notify_replied: true,
  notify_assigned: true,
  password_temporary: false,
};

function input(overrides: Partial<TGuardInput> = {}) {
  const myInfo = vi.fn(async () => agent);
  const checkMenu = vi.fn(async (_value: string) => true);
  const store = vi.fn();
  return {
    args: { pathname: '/wswt', search: '', token: 'tok', myInfo, checkMenu, store, ...overrides } as TGuardInput,
    myInfo,
    checkMenu,
    store,
  };
}

describe('route guard, in the order of docs/product.md §2', () => {
  it('1. sends an unknown route to page_not_found, before looking at the token', async () => {
    const { args, myInfo } = input({ pathname: '/wswt/no/such/page', token: null });
    expect(await runGuard(args)).toEqual({ outcome: 'redirect', to: '/page_not_found', reason: 'not_found' });
    expect(myInfo).not.toHaveBeenCalled();
  });

  it('2. lets a public route through without a token or any call', async () => {
    for (const pathname of ['/', '/home/satisfaction', '/page_not_found', '/page_forbidden', '/wswt/login']) {
      const { args, myInfo, checkMenu } = input({ pathname, token: null });
      const result = await runGuard(args);
      expect(result.outcome, pathname).toBe('pass');
      expect(myInfo).not.toHaveBeenCalled();
      expect(checkMenu).not.toHaveBeenCalled();
    }
  });

  it('3. redirects to login with the path and query as next when there is no token', async () => {
    const { args, myInfo } = input({ pathname: '/wswt/setting/people', search: '?x=1&y=a b', token: null });
    const result = await runGuard(args);
    expect(result).toEqual({
      outcome: 'redirect',
      to: `/wswt/login?next=${encodeURIComponent('/wswt/setting/people?x=1&y=a b')}`,
      reason: 'login',
    });
    expect(myInfo).not.toHaveBeenCalled();
  });

  it('4. redirects to login with next when the my-info call fails, whatever the menu check says', async () => {
    for (const checkMenu of [vi.fn(async () => false), vi.fn(async () => Promise.reject(new Error('0401')))]) {
      const { args, store } = input({
        pathname: '/wswt/search',
        search: 'kw=printer',
        myInfo: vi.fn(async () => {
          throw new Error('0401');
        }),
        checkMenu,
      });
      expect(await runGuard(args)).toEqual({
        outcome: 'redirect',
        to: `/wswt/login?next=${encodeURIComponent('/wswt/search?kw=printer')}`,
        reason: 'login',
      });
      expect(store).not.toHaveBeenCalled();
    }
  });

  it('4-5. asks the menu check together with my-info, not after its answer', async () => {
    let answerInfo: (info: TMyInfoResponse) => void = () => {};
    const myInfo = vi.fn(() => new Promise<TMyInfoResponse>((resolve) => (answerInfo = resolve)));
    const { args, checkMenu } = input({ pathname: '/wswt/search', myInfo });
    const result = runGuard(args);
    await Promise.resolve();
    expect(myInfo).toHaveBeenCalledOnce();
    expect(checkMenu).toHaveBeenCalledExactlyOnceWith('/wswt/search');
    answerInfo(agent);
    expect(await result).toMatchObject({ outcome: 'pass', user: agent });
  });

  it('5. checks the menu node of the first matched route pattern, not the address', async () => {
    const { args, checkMenu } = input({ pathname: '/wswt/ticket/edit/42' });
    await runGuard(args);
    expect(checkMenu).toHaveBeenCalledExactlyOnceWith('/wswt/ticket/edit/:ticket_id');

    const nested = input({ pathname: '/wswt/ticket/edit/42/account/9' });
    await runGuard(nested.args);
    expect(nested.checkMenu).toHaveBeenCalledExactlyOnceWith('/wswt/ticket/edit/:ticket_id/account/:account_id');
  });

  it('5. sends a refused menu check to page_forbidden and stores nothing', async () => {
    const { args, store } = input({ pathname: '/wswt/setting/role', checkMenu: vi.fn(async () => false) });
    expect(await runGuard(args)).toEqual({ outcome: 'redirect', to: '/page_forbidden', reason: 'forbidden' });
    expect(store).not.toHaveBeenCalled();
  });

  it('5. treats a failing menu check as refused', async () => {
    const { args } = input({
      pathname: '/wswt/dashboard',
      checkMenu: vi.fn(async () => {
        throw new Error('network');
      }),
    });
    expect(await runGuard(args)).toMatchObject({ outcome: 'redirect', to: '/page_forbidden' });
  });

  it('5. skips the menu check for own profile (every signed-in account may open it)', async () => {
    const { args, checkMenu } = input({ pathname: '/wswt/account/my/profile' });
    expect(await runGuard(args)).toMatchObject({ outcome: 'pass', route: { key: 'my_profile' } });
    expect(checkMenu).not.toHaveBeenCalled();
  });

  it('5. does not take own profile for an account page', async () => {
    const { args, checkMenu } = input({ pathname: '/wswt/account/15' });
    await runGuard(args);
    expect(checkMenu).toHaveBeenCalledExactlyOnceWith('/wswt/account/:account_id');
  });

  it('6. on success stores the user info and time zone and passes', async () => {
    const { args, store } = input({ pathname: '/wswt/setting/company/edit' });
    const result = await runGuard(args);
    expect(store).toHaveBeenCalledExactlyOnceWith(agent, 'Asia/Shanghai');
    expect(result).toMatchObject({ outcome: 'pass', user: agent, route: { path: '/wswt/setting/company/edit' } });
  });
});

describe('signInFirst (before the router loads any screen)', () => {
  it('starts a signed-out visitor at a staff address on sign-in, with the address to come back to', () => {
    expect(signInFirst('/wswt/setting/people', '?page=2', null)).toBe(
      `/wswt/login?next=${encodeURIComponent('/wswt/setting/people?page=2')}`,
    );
    expect(signInFirst('/wswt', '', null)).toBe('/wswt/login?next=%2Fwswt');
  });

  it('leaves public pages, unknown addresses and a visitor with a token to the guard', () => {
    for (const path of ['/', '/home/satisfaction', '/wswt/login', '/no/such/page']) {
      expect(signInFirst(path, '', null)).toBeNull();
    }
    expect(signInFirst('/wswt/setting/people', '', 'tok')).toBeNull();
  });
});
