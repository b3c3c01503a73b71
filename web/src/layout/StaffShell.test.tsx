import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore, languageStore } from '../auth/storage';
import { account, fakeServer, holdCalls, myInfo, ok, page } from '../test/fakeServer';
import { ticket, ticketRow, ticketView } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { chooseLanguage, signInEachTest } from '../test/session';

signInEachTest();

// happy-dom answers media queries from its viewport (1024 × 768 unless a test changes it).
const phoneWide = (phone: boolean) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport(phone ? { width: 375, height: 812 } : { width: 1024, height: 768 });
afterEach(() => phoneWide(false));

describe('staff shell', () => {
  it('shows an agent only the menu entries of their nodes', async () => {
    fakeServer({ menus: ['/wswt', '/wswt/search', '/wswt/setting/shortcut'] });
    renderApp('/wswt/search');
    // In a navigation landmark a screen reader can jump to.
    const menu = await within(await screen.findByRole('navigation', { name: 'Menu' })).findByRole('menu');
    await waitFor(() => within(menu).getByText('Search'));
    within(menu).getByText('Ticket list');
    expect(within(menu).queryByText('Dashboard')).toBeNull();
    expect(within(menu).queryByText('New ticket')).toBeNull();
    fireEvent.click(within(menu).getByText('Settings'));
    await within(menu).findByText('Shortcuts');
    expect(within(menu).queryByText('People')).toBeNull();
  });

  it("speaks the agent's own language on a device where nobody picked one, and keeps a language picked there", async () => {
    fakeServer({ user: account({ default_language: 'zh-cn' }), menus: ['/wswt', '/wswt/dashboard'] });
    renderApp('/wswt/dashboard');
    await screen.findByRole('heading', { name: '仪表盘' });
    expect(languageStore.isSet()).toBe(true);
    cleanup();
    // Someone picked English on this device: the account's language does not take it back.
    await chooseLanguage('en');
    fakeServer({ user: account({ default_language: 'zh-cn' }), menus: ['/wswt', '/wswt/dashboard'] });
    renderApp('/wswt/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
  });

  it('names the menu items by their words alone, not their icons (expanded, collapsed and the account menu)', async () => {
    fakeServer({
      menus: ['/wswt', '/wswt/chat', '/wswt/dashboard', '/wswt/report/efficiency', '/wswt/setting/shortcut'],
    });
    renderApp('/wswt/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    // A screen reader reads "Ticket list", not "inbox Ticket list".
    const words = ['Ticket list', 'Chats', 'Dashboard', 'Reports', 'Settings'];
    const named = () => words.map((name) => within(nav).getByRole('menuitem', { name }));
    await waitFor(named);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    await waitFor(() => expect(nav.querySelector('.ant-menu-inline-collapsed')).not.toBeNull());
    await waitFor(named);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menuitem', { name: 'Sign out' });
    screen.getByRole('menuitem', { name: 'My profile' });
  });

  it('stays on screen from page to page, so a message shown before leaving a page is still there after', async () => {
    // Both pages' calls answered (fakeServer's empty lists): a call answered 0404 sends the app to
    // page_not_found, a new page (and shell) that would land at a moment depending on the machine's speed.
    const { unserved } = fakeServer({ menus: ['/wswt', '/wswt/search', '/wswt/setting/shortcut'] });
    const { router } = renderApp('/wswt/search');
    await screen.findByRole('heading', { name: 'Search' });
    const header = screen.getByRole('banner');
    await router.navigate('/wswt/setting/shortcut');
    await screen.findByRole('heading', { name: 'Shortcuts' });
    // The same shell, not a new one: Ant Design's messages live in it (a "ticket updated" with
    // its link, shown just before the after-submit choice leaves the ticket page).
    expect(header.isConnected).toBe(true);
    expect(screen.getByRole('banner')).toBe(header);
    expect(unserved).toEqual([]);
  });

  it('asks auth.check for the route pattern and shows page_forbidden when refused', async () => {
    const { calls } = fakeServer({ menus: ['/wswt'] });
    const { here } = renderApp('/wswt/setting/role');
    await screen.findByRole('heading', { name: 'Access denied' });
    expect(here()).toBe('/page_forbidden');
    expect(calls.find((c) => c.path === 'admin/auth.check')?.body).toEqual({
      node_value: '/wswt/setting/role',
      node_type: 'menu',
    });
    // A signed-in agent stays inside the shell, with the menu to go on from.
    within(await screen.findByRole('menu')).getByText('Ticket list');
  });

  it('starts a staff member whose roles leave out the ticket list on the first page of their menu', async () => {
    fakeServer({
      menus: ['/wswt/setting/people', '/wswt/setting/role'],
      // The people page lists people: an empty list (unanswered, its 0404 would send the app to
      // page_not_found, at a moment that depends on the machine's load).
      handlers: { 'admin/auth.account.list': () => page([]) },
    });
    const { here } = renderApp('/wswt');
    await screen.findByRole('heading', { name: 'People' });
    expect(here()).toBe('/wswt/setting/people');
    // Nothing in the menu at all: their own todo list, which needs no grant.
    cleanup();
    fakeServer({ menus: [] });
    const none = renderApp('/wswt');
    await waitFor(() => expect(none.here()).toBe('/wswt/setting/todo'));
  });

  it("opens a page the agent's loaded nodes grant without waiting for auth.check, which still runs", async () => {
    const { calls } = fakeServer({ menus: ['/wswt', '/wswt/search', '/wswt/setting/shortcut'] });
    const { router } = renderApp('/wswt/search');
    await screen.findByRole('heading', { name: 'Search' });
    await waitFor(() => within(screen.getByRole('menu')).getByText('Settings'));
    // A slow server: the page shows before the check of its menu is answered.
    const release = holdCalls('admin/auth.check');
    await router.navigate('/wswt/setting/shortcut');
    await screen.findByRole('heading', { name: 'Shortcuts' });
    // The check was asked all the same (the fake server records a held call once it answers it).
    release();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin/auth.check').map((c) => c.body.node_value)).toContain(
        '/wswt/setting/shortcut',
      ),
    );
  });

  it("sends a page the loaded nodes grant to page_forbidden when auth.check refuses it (the server's answer wins)", async () => {
    // The nodes loaded with the shell still list the menu; the server has taken it away since.
    fakeServer({
      menus: ['/wswt', '/wswt/search', '/wswt/setting/shortcut'],
      handlers: {
        'admin/auth.check': (c) => ok({ has_auth: c.body.node_value !== '/wswt/setting/shortcut' }),
      },
    });
    const { router, here } = renderApp('/wswt/search');
    await screen.findByRole('heading', { name: 'Search' });
    await waitFor(() => within(screen.getByRole('menu')).getByText('Settings'));
    await router.navigate('/wswt/setting/shortcut');
    await screen.findByRole('heading', { name: 'Access denied' });
    expect(here()).toBe('/page_forbidden');
  });

  it('sends an unknown address to page_not_found', async () => {
    fakeServer();
    const { here } = renderApp('/wswt/nowhere');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(here()).toBe('/page_not_found');
    // Opened directly with a session: the shell comes back around it, and home is the workspace.
    within(await screen.findByRole('menu')).getByText('Ticket list');
    expect(screen.getByRole('link', { name: 'Back to the help desk' }).getAttribute('href')).toBe('/wswt');
  });

  it('sends a token the server no longer knows to login with next', async () => {
    fakeServer({ handlers: { 'admin/auth.my.info.get': () => ({ code: '0401', msg: 'Please sign in', data: null }) } });
    const { here } = renderApp('/wswt/search?kw=x');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(here()).toBe(`/wswt/login?next=${encodeURIComponent('/wswt/search?kw=x')}`);
  });

  it('opens ticket pages as header tabs kept in localStorage and remembers the last list', async () => {
    fakeServer({
      menus: ['/wswt', '/wswt/search', '/wswt/ticket/edit/:ticket_id'],
      handlers: {
        'admin/ticket.get': () => ok(ticket({ ticket_id: 42, subject: 'Printer on fire' })),
        'admin/ticket.comment.list': () => ok({ list: [] }),
        'admin/ticket.requester.tickets': () => page([]),
      },
    });
    const { router } = renderApp('/wswt/search?kw=printer');
    await screen.findByRole('menu');
    await waitFor(() => expect(sessionStorage.getItem('parley.last_ticket_list')).toContain('/wswt/search?kw=printer'));
    const release = holdCalls('admin/ticket.get');
    await router.navigate('/wswt/ticket/edit/42?from=list');
    // "Ticket #42" until the ticket is known: an element after the icon, as the subject is (a bare
    // text had no gap after it).
    const pending = await screen.findByRole('tab', { name: /Ticket #42/ });
    expect(within(pending).getByText('Ticket #42').className).toBe('parley-header-tab-text');
    release();
    // Named by its subject once the ticket is known.
    await screen.findByRole('tab', { name: /Printer on fire/ });
    expect(JSON.parse(localStorage.getItem('parley.header_tabs') ?? '{}').value).toEqual([
      { path: '/wswt/ticket/edit/42', query: 'from=list', fullPath: '/wswt/ticket/edit/42?from=list' },
    ]);
  });

  it('drops a kept tab of a ticket gone or no longer visible, and stays on the page opened', async () => {
    localStorage.setItem(
      'parley.header_tabs',
      JSON.stringify({
        value: [{ path: '/wswt/ticket/edit/999', query: '', fullPath: '/wswt/ticket/edit/999' }],
        expires_at: null,
      }),
    );
    fakeServer({
      menus: ['/wswt', '/wswt/search', '/wswt/ticket/edit/:ticket_id'],
      handlers: { 'admin/ticket.get': () => ({ code: '0404', msg: 'Not found', data: null }) },
    });
    const { here } = renderApp('/wswt/search?kw=printer');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.queryByRole('tab', { name: /Ticket #999/ })).toBeNull());
    expect(JSON.parse(localStorage.getItem('parley.header_tabs') ?? '{}').value).toEqual([]);
    expect(here()).toBe('/wswt/search?kw=printer');
  });

  it("names a kept requester tab by the person's name, read quietly; one no longer readable keeps its id and the page stays", async () => {
    localStorage.setItem(
      'parley.header_tabs',
      JSON.stringify({
        value: ['/wswt/ticket/edit/42/account/20', '/wswt/ticket/edit/42/account/21'].map((path) => ({
          path,
          query: '',
          fullPath: path,
        })),
        expires_at: null,
      }),
    );
    fakeServer({
      menus: [
        '/wswt',
        '/wswt/search',
        '/wswt/ticket/edit/:ticket_id',
        '/wswt/ticket/edit/:ticket_id/account/:account_id',
      ],
      handlers: {
        'admin/auth.account.get': (c) =>
          c.query.get('account_id') === '20'
            ? ok(account({ account_id: 20, real_name: 'Grace Hopper', user_type: 'end_user' }))
            : { code: '0404', msg: 'Not found', data: null },
      },
    });
    const { here } = renderApp('/wswt/search?kw=printer');
    await screen.findByRole('tab', { name: /Grace Hopper/ });
    screen.getByRole('tab', { name: /Requester #21/ });
    expect(here()).toBe('/wswt/search?kw=printer');
  });

  it('on a phone keeps the menu behind a button in the header, not in a side bar beside the page', async () => {
    phoneWide(true);
    fakeServer({ menus: ['/wswt', '/wswt/search', '/wswt/setting/shortcut'] });
    const { here } = renderApp('/wswt/setting/shortcut');
    await screen.findByRole('heading', { name: 'Shortcuts' });
    // No side bar (an aside), not even collapsed to its icons.
    expect(screen.queryByRole('complementary')).toBeNull();
    // No room for the ticket tabs either; the header keeps its buttons, named.
    expect(screen.queryByRole('tablist')).toBeNull();
    screen.getByRole('button', { name: 'Account menu' });
    screen.getByRole('button', { name: 'Language: English' });
    const open = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(await within(drawer).findByText('Search'));
    // A page chosen, the menu gets out of the way.
    await screen.findByRole('heading', { name: 'Search' });
    expect(here()).toBe('/wswt/search');
    // (Its closing animation never ends under happy-dom: the button says it is closed.)
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });

  describe('the one-time password printed at the first start', () => {
    const firstAdmin = account({ account_id: 1, email: 'admin@example.com', user_type: 'admin' });
    const onOneTimePassword = (temporary: boolean) =>
      fakeServer({
        user: firstAdmin,
        handlers: {
          'admin/ticket.view.list': () => ok({ list: [ticketView()] }),
          'admin/ticket.list': () =>
            ok({ list: [ticketRow({ subject: 'Printer on fire' })], total: 1, total_estimated: false }),
          'admin/auth.agent.all.list': () => ok({ list: [] }),
          'admin/auth.my.info.get': () => ok(myInfo(firstAdmin, { password_temporary: temporary })),
        },
      });
    const asking = 'You signed in with the one-time password printed when Parley first started. Set your own password.';

    it('asks the admin above the ticket list to set their own, and its link leads the keyboard to the password form', async () => {
      onOneTimePassword(true);
      const { here } = renderApp('/wswt');
      const alert = (await screen.findByText(asking, {}, { timeout: 20_000 })).closest('.ant-alert') as HTMLElement;
      await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
      // Above the screen, not over it, and it stays: nothing closes it.
      expect(alert.compareDocumentPosition(screen.getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(alert).queryByRole('button')).toBeNull();
      const link = within(alert).getByRole('link', { name: 'Set my password' });
      fireEvent.click(link);
      await screen.findByRole('heading', { name: 'My profile' });
      expect(here()).toBe('/wswt/account/my/profile');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current password')));
      // Still asking on My profile, until the password is changed.
      screen.getByText(asking);
    });

    it('asks in Chinese, and on a phone puts the link after the words, not squeezed beside them', async () => {
      phoneWide(true);
      await chooseLanguage('zh-cn');
      onOneTimePassword(true);
      renderApp('/wswt');
      const link = await screen.findByRole('link', { name: '设置我的密码' }, { timeout: 20_000 });
      const alert = link.closest('.ant-alert') as HTMLElement;
      expect(alert.textContent).toBe(
        '您正在使用 Parley 首次启动时打印的一次性密码登录。请设置您自己的密码。 设置我的密码',
      );
      expect(alert.querySelector('.ant-alert-action')).toBeNull();
    });

    it('says nothing once the password is their own (or never was the printed one)', async () => {
      onOneTimePassword(false);
      renderApp('/wswt');
      await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
      expect(screen.queryByText(asking)).toBeNull();
      expect(document.querySelector('.ant-alert')).toBeNull();
    });
  });

  it('switches the language, keeps it, and sends it to the server', async () => {
    const { calls } = fakeServer({ user: account({ user_type: 'admin' }) });
    renderApp('/wswt/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /English/ }));
    fireEvent.click(await screen.findByText('简体中文'));
    await screen.findByRole('heading', { name: '仪表盘' });
    expect(localStorage.getItem('parley.language')).toContain('zh-cn');
    await waitFor(() => expect(calls.at(-1)?.headers.Language).toBe('zh-cn'));
  });

  it('signs out: tells the server, forgets the token and shows the sign-in form', async () => {
    const { calls } = fakeServer({ user: account({ user_type: 'admin' }) });
    const { here } = renderApp('/wswt/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByText('Sign out'));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(here()).toBe('/wswt/login');
    expect(authStore.token()).toBeNull();
    expect(calls.some((c) => c.path === 'admin/auth.logout' && c.headers.Authorization === 'tok-1')).toBe(true);
  });
});
