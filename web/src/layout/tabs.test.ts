import { afterEach, describe, expect, it } from 'vitest';
import {
  closeTab,
  isTicketPage,
  lastTicketList,
  maxHeaderTabs,
  onCloseTabRequest,
  openTab,
  requestCloseTab,
  tabStore,
} from './tabs';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('header tabs', () => {
  it('open for ticket pages only', () => {
    expect(isTicketPage('/wswt/ticket/edit/5')).toBe(true);
    expect(isTicketPage('/wswt/ticket/edit/5/account/2')).toBe(true);
    expect(isTicketPage('/wswt/ticket/add')).toBe(true);
    expect(isTicketPage('/wswt/search')).toBe(false);
    expect(isTicketPage('/wswt/ticket/nothing/here')).toBe(false);
  });

  it('hold path, query and full path; revisiting a page updates its tab instead of adding one', () => {
    let tabs = openTab([], '/wswt/ticket/edit/5', '?tab=notes');
    expect(tabs).toEqual([
      { path: '/wswt/ticket/edit/5', query: 'tab=notes', fullPath: '/wswt/ticket/edit/5?tab=notes' },
    ]);
    tabs = openTab(tabs, '/wswt/ticket/edit/6', '');
    tabs = openTab(tabs, '/wswt/ticket/edit/5', '');
    expect(tabs.map((t) => t.fullPath)).toEqual(['/wswt/ticket/edit/5', '/wswt/ticket/edit/6']);
  });

  it('drop the oldest tab past the limit', () => {
    let tabs = openTab([], '/wswt/ticket/edit/0', '');
    for (let i = 1; i <= maxHeaderTabs; i++) {
      tabs = openTab(tabs, `/wswt/ticket/edit/${i}`, '');
    }
    expect(tabs).toHaveLength(maxHeaderTabs);
    expect(tabs[0]?.path).toBe('/wswt/ticket/edit/1');
  });

  it('closing the tab on screen goes to its neighbour, the last one to the ticket list', () => {
    const tabs = ['/wswt/ticket/edit/1', '/wswt/ticket/edit/2', '/wswt/ticket/edit/3'].reduce(
      (acc, path) => openTab(acc, path, ''),
      openTab([], '/wswt/ticket/add', ''),
    );
    expect(closeTab(tabs, '/wswt/ticket/edit/2', '/wswt/ticket/edit/2', '/wswt').goTo).toBe('/wswt/ticket/edit/3');
    expect(closeTab(tabs, '/wswt/ticket/edit/3', '/wswt/ticket/edit/3', '/wswt').goTo).toBe('/wswt/ticket/edit/2');
    expect(closeTab(tabs, '/wswt/ticket/edit/3', '/wswt/ticket/edit/1', '/wswt').goTo).toBeNull();
    const single = openTab([], '/wswt/ticket/edit/9', '');
    expect(closeTab(single, '/wswt/ticket/edit/9', '/wswt/ticket/edit/9', '/wswt/search?kw=x')).toEqual({
      tabs: [],
      goTo: '/wswt/search?kw=x',
    });
  });

  it('persist in localStorage and survive bad stored data', () => {
    tabStore.save(openTab([], '/wswt/ticket/edit/5', '?a=1'));
    expect(tabStore.load()).toEqual([
      { path: '/wswt/ticket/edit/5', query: 'a=1', fullPath: '/wswt/ticket/edit/5?a=1' },
    ]);
    localStorage.setItem('parley.header_tabs', JSON.stringify({ value: [{ path: 1 }, 'x'], expires_at: null }));
    expect(tabStore.load()).toEqual([]);
  });

  it('remember the last ticket list in sessionStorage', () => {
    expect(lastTicketList.get()).toBe('/wswt');
    lastTicketList.set('/wswt/search?kw=printer');
    expect(lastTicketList.get()).toBe('/wswt/search?kw=printer');
    expect(sessionStorage.getItem('parley.last_ticket_list')).toContain('/wswt/search?kw=printer');
  });

  it('pass a page asking to close its own tab on to the header', () => {
    const closed: string[] = [];
    const stop = onCloseTabRequest((path) => closed.push(path));
    requestCloseTab('/wswt/ticket/edit/7');
    stop();
    requestCloseTab('/wswt/ticket/edit/8');
    expect(closed).toEqual(['/wswt/ticket/edit/7']);
  });
});
