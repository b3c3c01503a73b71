import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, page } from '../../../test/fakeServer';
import { company, ticket, ticketField, ticketRow, ticketView } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest } from '../../../test/session';

signInEachTest();

const searchLabel = 'Words, "a phrase", status:pending, tag:vip, requester:…';
/** Enter in the box, let go (the input takes one Enter per key press). */
const pressEnter = () => {
  fireEvent.keyDown(screen.getByLabelText(searchLabel), { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(screen.getByLabelText(searchLabel), { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('ticket search', () => {
  it('names the requester and organization filters, in English and in Chinese (a placeholder is no name)', async () => {
    fakeServer({
      user: admin,
      handlers: { 'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }) },
    });
    renderApp('/wswt/search');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    screen.getByRole('combobox', { name: 'Requester' });
    screen.getByRole('combobox', { name: 'Organization' });
    cleanup();
    await chooseLanguage('zh-cn');
    renderApp('/wswt/search');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    screen.getByRole('combobox', { name: '请求者' });
    screen.getByRole('combobox', { name: '组织' });
    await chooseLanguage('en');
  });

  it('searches by keyword and filters, kept in the address', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
      },
    });
    const { here } = renderApp('/wswt/search?ticket_state=pending&created=7d');
    // The first screen of the file loads the lazy route and Ant Design: slow on a busy machine.
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    const first = callsTo(calls, 'admin/ticket.list')[0];
    expect(first?.query.get('ticket_state')).toBe('pending');
    expect(first?.query.get('view_id')).toBeNull();
    const from = Number(first?.query.get('create_ts_from'));
    expect(Date.now() - from).toBeGreaterThan(7 * 24 * 3_600_000 - 120_000);
    expect(Date.now() - from).toBeLessThan(7 * 24 * 3_600_000 + 120_000);
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: 'printer' } });
    fireEvent.keyDown(screen.getByLabelText(searchLabel), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('kw')).toBe('printer'));
    expect(here()).toContain('kw=printer');
    expect(here()).toContain('ticket_state=pending');
  });

  it('moves through the results with j and k and opens one with Enter, as the ticket list does', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () =>
          ok({
            list: [ticketRow(), ticketRow({ ticket_id: 102, subject: 'VPN drops' })],
            total: 2,
            total_estimated: false,
          }),
        // The ticket opened from the results.
        'admin/ticket.get': () => ok(ticket({ ticket_id: 102, subject: 'VPN drops' })),
        'admin/ticket.comment.list': () => ok({ list: [] }),
        'admin/ticket.requester.tickets': () => page([]),
      },
    });
    const { here } = renderApp('/wswt/search?kw=printer');
    await screen.findByRole('row', { name: /VPN drops/ }, { timeout: 20_000 });
    const key = (k: string) => fireEvent.keyDown(document.body, { key: k });
    key('j');
    key('j');
    expect(document.querySelector('tr.ticket-row-active')?.textContent).toContain('VPN drops');
    key('?');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Open the ticket');
    // Search results cannot be selected: the help does not offer it.
    expect(within(dialog).queryByText('Select or unselect the ticket')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    key('Enter');
    await screen.findByRole('heading', { name: /VPN drops/ }, { timeout: 20_000 });
    expect(here()).toBe('/wswt/ticket/edit/102');
  });

  it('lists the organizations to filter by once the pointer comes to their picker, not before', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
        'admin/settings/company.list': () =>
          page([company({ company_id: 3, company_name: 'Acme' }), company({ company_id: 4, company_name: 'Globex' })]),
        'admin/settings/company.get': () => ok(company({ company_id: 4, company_name: 'Globex' })),
      },
    });
    const { here } = renderApp('/wswt/search');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    const picker = () => screen.getByText('Choose an organization').closest('.ant-select') as HTMLElement;
    // Closed and never come to: no list of organizations asked for.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(calls, 'admin/settings/company.list')).toHaveLength(0);
    fireEvent.mouseEnter(picker());
    await waitFor(() => expect(callsTo(calls, 'admin/settings/company.list')).toHaveLength(1));
    fireEvent.mouseDown(within(picker()).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Globex'));
    await waitFor(() => expect(here()).toContain('company_id=4'));
  });

  it('shows where in a comment the words were found, the words highlighted', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () =>
          ok({
            list: [
              ticketRow({
                snippet: { text: '… then the printers jammed again', marks: [[11, 19]] },
              }),
            ],
            total: 1,
            total_estimated: false,
          }),
      },
    });
    renderApp('/wswt/search?kw=printer');
    const snippet = await screen.findByTestId('search-snippet', {}, { timeout: 10_000 });
    expect(snippet.textContent).toBe('… then the printers jammed again');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['printers']);
    // The operators are explained beside the box, for the keyboard too.
    expect(screen.getByRole('img', { name: /Operators: status:/ }).getAttribute('tabindex')).toBe('0');
  });

  it("names this help desk's custom fields as search operators, as the server reads them", async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
        'admin/settings/field.all.list': () =>
          ok({
            list: [
              ticketField({ field_id: 4, field_key: 'field_4', field_type: 'nested', title: 'Product area' }),
              ticketField({ field_id: 5, field_key: 'field_5', field_type: 'number', title: 'Seats (licensed)' }),
              // Named like a built-in operator, or like an earlier field: reached by its key.
              ticketField({ field_id: 6, field_key: 'field_6', title: 'Status' }),
              ticketField({ field_id: 7, field_key: 'field_7', title: 'Product-area' }),
              ticketField({ field_id: 8, field_key: 'field_8', title: 'Old', field_state: 'inactive' }),
            ],
          }),
      },
    });
    renderApp('/wswt/search');
    const help = await screen.findByRole(
      'img',
      { name: /This help desk's fields: product_area: seats_licensed: field_6: field_7:$/ },
      { timeout: 10_000 },
    );
    expect(help.getAttribute('aria-label')).toContain('Custom fields by name');
    // A field by id as Zendesk names it, bounds included, no value and any value.
    for (const form of ['custom_field_12:', 'seats:<=10', 'renewal:>=2026-01-31', 'serial:none', 'serial:*']) {
      expect(help.getAttribute('aria-label')).toContain(form);
    }
    // What the help names is what the box sends.
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: 'seats_licensed:>5' } });
    fireEvent.keyDown(screen.getByLabelText(searchLabel), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('kw')).toBe('seats_licensed:>5'));
  });

  it('says beside the box why the server refused a search, in place of the rows found before', async () => {
    const refusal = 'The search does not know seats:many; use one of: 5, >5, >=5, <5, <=5, none, *';
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': ({ query }) =>
          query.get('kw') === 'seats:many'
            ? fail('FFFF', refusal, { fields: { kw: refusal } })
            : ok({ list: [ticketRow()], total: 1, total_estimated: false }),
      },
    });
    renderApp('/wswt/search');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: 'seats:many' } });
    pressEnter();
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.queryByRole('row', { name: /Printer on fire/ })).toBeNull();
    // The search ran nowhere: no table says that nothing matched it.
    expect(screen.queryByText('Nothing matches this search')).toBeNull();
    // Said once, where the box is, not also in a passing toast.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    // The box takes no more than the call does.
    expect(screen.getByLabelText(searchLabel).getAttribute('maxlength')).toBe('200');
    // A search it takes brings the rows back.
    fireEvent.change(screen.getByLabelText(searchLabel), { target: { value: 'seats:>5' } });
    pressEnter();
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('kw')).toBe('seats:>5');
  });

  it('explains the field operators in Chinese', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
        'admin/settings/field.all.list': () =>
          ok({
            list: [ticketField({ field_id: 4, field_key: 'field_4', field_type: 'nested', title: 'Product area' })],
          }),
      },
    });
    await chooseLanguage('zh-cn');
    renderApp('/wswt/search');
    const help = await screen.findByRole('img', { name: /本服务台的字段：product_area:$/ }, { timeout: 20_000 });
    expect(help.getAttribute('aria-label')).toContain('自定义字段按名称或编号搜索（field_12: 或 custom_field_12:）');
    expect(help.getAttribute('aria-label')).toContain('无值或有值（serial:none、serial:*）');
  });

  describe('with a custom range', () => {
    // Sunday 22 November 2026, 10:00 in Berlin (the signed-in user's time zone).
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0));
    });
    afterEach(() => vi.useRealTimers());

    it('sends picked days as the agent’s midnights, the last day whole, and keeps them on the way back', async () => {
      const { calls } = fakeServer({
        user: admin,
        handlers: {
          'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
          'admin/ticket.view.list': () => ok({ list: [ticketView()] }),
        },
      });
      const { router, here } = renderApp('/wswt/search?ticket_state=open');
      await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
      fireEvent.mouseDown(screen.getByLabelText('Created in'));
      fireEvent.click(await screen.findByTitle('Custom range…'));
      fireEvent.click(await screen.findByTitle('2026-11-01'));
      fireEvent.click(await screen.findByTitle('2026-11-15'));
      await waitFor(() => expect(here()).toContain('created=2026-11-01..2026-11-15'));
      const ranged = () => callsTo(calls, 'admin/ticket.list').at(-1)?.query;
      await waitFor(() => expect(ranged()?.get('create_ts_from')).toBe(String(Date.UTC(2026, 9, 31, 23))));
      // Up to the end of 15 November in Berlin: the server's `create_ts_to` is exclusive.
      expect(ranged()?.get('create_ts_to')).toBe(String(Date.UTC(2026, 10, 15, 23)));
      expect(ranged()?.get('ticket_state')).toBe('open');
      expect(ranged()?.get('update_ts_from')).toBeNull();

      await router.navigate('/wswt/ticket_views');
      // Another lazy route.
      await screen.findByRole('row', { name: /Your unsolved tickets/ }, { timeout: 20_000 });
      await router.navigate(-1);
      await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
      expect(here()).toBe('/wswt/search?ticket_state=open&created=2026-11-01..2026-11-15');
      expect((screen.getByPlaceholderText('From day') as HTMLInputElement).value).toBe('2026-11-01');
      expect((screen.getByPlaceholderText('To day') as HTMLInputElement).value).toBe('2026-11-15');
    }, 60_000);
  });
});

// happy-dom answers media queries from its viewport (1024 × 768 unless a test changes it).
const viewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 844 });

describe('ticket search on a phone', () => {
  beforeEach(() => viewport(390));
  afterEach(() => viewport(1024));

  it('folds the filters behind a button that counts them, the results right under the box; Escape closes them', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: { 'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }) },
    });
    const { here } = renderApp('/wswt/search?kw=printer&ticket_state=pending&created=7d');
    const result = await screen.findByRole('link', { name: /Printer on fire/ }, { timeout: 20_000 });
    // The first screen: the box, then the results; no filter one under the other before them.
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    expect(screen.queryByLabelText('Tag')).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button.compareDocumentPosition(result) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    button.focus();
    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 20_000 });
    within(drawer).getByRole('combobox', { name: 'State' });
    within(drawer).getByRole('combobox', { name: 'Requester' });
    within(drawer).getByRole('combobox', { name: 'Updated in' });
    // A filter chosen there applies at once, and the button counts it.
    const tag = within(drawer).getByLabelText('Tag');
    fireEvent.change(tag, { target: { value: 'VIP' } });
    fireEvent.keyDown(tag, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(here()).toContain('tag=vip'));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('tag')).toBe('vip'));
    screen.getByRole('button', { name: 'Filters (3)', hidden: true });
    // The list's keys stay out of the drawer: j there moves no result.
    fireEvent.keyDown(tag, { key: 'j' });
    expect(document.querySelector('.ticket-card-active')).toBeNull();
    // Escape closes it (happy-dom never ends the closing animation, after which Ant Design gives the
    // button the focus back: the browser test ticket-phone.e2e.ts sees that).
    fireEvent.keyDown(tag, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Filters (3)', hidden: true }).getAttribute('aria-expanded')).toBe(
        'false',
      ),
    );
    // Cleared in the drawer: the filters go, the words stay.
    fireEvent.click(screen.getByRole('button', { name: 'Filters (3)' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(again).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(here()).toBe('/wswt/search?kw=printer'));
    fireEvent.click(within(again).getByRole('button', { name: 'Show results' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Filters', hidden: true }).getAttribute('aria-expanded')).toBe('false'),
    );
  });

  it('picks a custom range’s days on two one-month calendars (two months side by side are wider than a phone)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0));
    try {
      const { calls } = fakeServer({
        user: admin,
        handlers: { 'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }) },
      });
      const { here } = renderApp('/wswt/search');
      await screen.findByRole('link', { name: /Printer on fire/ }, { timeout: 20_000 });
      fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
      const drawer = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 20_000 });
      fireEvent.mouseDown(within(drawer).getByLabelText('Created in'));
      fireEvent.click(await screen.findByTitle('Custom range…'));
      // One month's calendar, opened for the first day; then the last day's.
      await waitFor(() =>
        expect(document.querySelectorAll('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveLength(1),
      );
      expect(document.querySelector('.ant-picker-range')).toBeNull();
      fireEvent.click(await screen.findByTitle('2026-11-15'));
      // The last day's calendar is the second one drawn.
      await waitFor(() => expect(document.querySelectorAll('.ant-picker-dropdown')).toHaveLength(2));
      const second = [...document.querySelectorAll<HTMLElement>('.ant-picker-dropdown')].at(-1) as HTMLElement;
      fireEvent.click(within(second).getByTitle('2026-11-01'));
      // Picked last day first: still the days in order.
      await waitFor(() => expect(here()).toContain('created=2026-11-01..2026-11-15'));
      await waitFor(() =>
        expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('create_ts_from')).toBe(
          String(Date.UTC(2026, 9, 31, 23)),
        ),
      );
      screen.getByRole('button', { name: 'Filters (1)', hidden: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the button 筛选 in Chinese', async () => {
    fakeServer({
      user: admin,
      handlers: { 'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }) },
    });
    await chooseLanguage('zh-cn');
    renderApp('/wswt/search?ticket_state=pending');
    await screen.findByRole('link', { name: /Printer on fire/ }, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: '筛选（1）' }));
    const drawer = await screen.findByRole('dialog', { name: '筛选' }, { timeout: 20_000 });
    within(drawer).getByRole('combobox', { name: '请求者' });
    within(drawer).getByRole('button', { name: '查看结果' });
    await chooseLanguage('en');
  });

  it('keeps the filters in a row on a wide screen, with no Filters button', async () => {
    viewport(1024);
    fakeServer({
      user: admin,
      handlers: { 'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }) },
    });
    renderApp('/wswt/search?ticket_state=pending');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    screen.getByRole('combobox', { name: 'State' });
    screen.getByRole('button', { name: 'Clear filters' });
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
