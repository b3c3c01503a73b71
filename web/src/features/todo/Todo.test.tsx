import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, holdCalls, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';
import { serveTicket } from '../../test/ticketPage';

signInEachTest();

const item = (todo_id: number, text: string, extra: Record<string, unknown> = {}) => ({
  todo_id,
  text,
  ticket_id: null,
  ticket_subject: null,
  done: false,
  create_ts: Date.UTC(2026, 10, 25, 9, 0),
  done_ts: null,
  ...extra,
});

describe('todo list', () => {
  it('shows the open count in the shell and adds an item about the open ticket', async () => {
    let list = [item(1, 'Call the vendor')];
    // The ticket page it opens is served too: an unanswered call would send the agent to "not found".
    const { calls } = serveTicket({
      ticket: { ticket_id: 42, subject: 'Printer' },
      handlers: {
        'admin/todo.list': () => ok({ list, open_count: list.length }),
        'admin/todo.add': (c) => {
          list = [...list, item(2, String(c.body.text), { ticket_id: 42, ticket_subject: 'Printer' })];
          return ok({ todo_id: 2 });
        },
      },
    });
    renderApp('/wswt/ticket/edit/42');
    // The whole ticket page loads behind it: give a busy machine longer than the default.
    const button = await screen.findByRole('button', { name: 'Todo list: 1 open item' }, { timeout: 15_000 });
    fireEvent.click(button);
    const input = await screen.findByRole('textbox', { name: 'What do you need to do?' });
    expect((screen.getByRole('checkbox', { name: 'About ticket #42' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(input, { target: { value: 'Chase the refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('link', { name: '#42 Printer' });
    expect(callsTo(calls, 'admin/todo.add')[0]?.body).toEqual({ text: 'Chase the refund', ticket_id: 42 });
    await screen.findByRole('button', { name: 'Todo list: 2 open items' });
  });

  it('ticks an item done on its page and shows done items only when asked', async () => {
    let done = false;
    const { calls } = fakeServer({
      handlers: {
        'admin/todo.list': (c) => {
          const all = [item(1, 'Update the FAQ', done ? { done: true, done_ts: Date.now() } : {})];
          const list = c.query.get('include_done') === 'true' ? all : all.filter((x) => !x.done);
          return ok({ list, open_count: all.filter((x) => !x.done).length });
        },
        'admin/todo.edit': () => {
          done = true;
          return ok(null);
        },
      },
    });
    renderApp('/wswt/setting/todo');
    const main = await screen.findByRole('main');
    fireEvent.click(await within(main).findByRole('checkbox', { name: 'Update the FAQ' }));
    await within(main).findByText('Nothing to do. Add what you must not forget.');
    expect(callsTo(calls, 'admin/todo.edit')[0]?.body).toEqual({ todo_id: 1, done: true });
    fireEvent.click(within(main).getByRole('switch'));
    await waitFor(() =>
      expect((within(main).getByRole('checkbox', { name: 'Update the FAQ' }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('moves the focus into the popover when it opens; Escape closes it and gives the focus back', async () => {
    fakeServer({ handlers: { 'admin/todo.list': () => ok({ list: [item(1, 'Call the vendor')], open_count: 1 }) } });
    renderApp('/wswt/setting/todo');
    const button = await screen.findByRole('button', { name: 'Todo list: 1 open item' }, { timeout: 15_000 });
    button.focus();
    // Enter on a focused button clicks it.
    fireEvent.click(button);
    // The page has its own box; the popover's is the one outside the page's main.
    const main = screen.getByRole('main');
    const box = await waitFor(
      () => {
        const found = screen
          .getAllByRole('textbox', { name: 'What do you need to do?' })
          .find((b) => !main.contains(b));
        expect(found).toBeDefined();
        return found as HTMLElement;
      },
      { timeout: 5000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });

  it('refuses an empty item without calling the server', async () => {
    const { calls } = fakeServer();
    renderApp('/wswt/setting/todo');
    const main = await screen.findByRole('main');
    fireEvent.click(await within(main).findByRole('button', { name: 'Add' }));
    await within(main).findByText('What to do is required');
    expect(callsTo(calls, 'admin/todo.add')).toHaveLength(0);
  });

  it('keeps the focus in the box while an item is added, for the next one; Tab past the last control closes the popover', async () => {
    let list = [item(1, 'Call the vendor')];
    fakeServer({
      handlers: {
        'admin/todo.list': () => ok({ list, open_count: list.length }),
        'admin/todo.add': (c) => {
          list = [...list, item(2, String(c.body.text))];
          return ok({ todo_id: 2 });
        },
      },
    });
    renderApp('/wswt/setting/todo');
    const button = await screen.findByRole('button', { name: 'Todo list: 1 open item' }, { timeout: 15_000 });
    button.focus();
    fireEvent.click(button);
    const main = screen.getByRole('main');
    // The page has its own box; the popover's is the one outside the page's main.
    const box = await waitFor(() => {
      const found = screen.getAllByRole('textbox', { name: 'What do you need to do?' }).find((b) => !main.contains(b));
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    await waitFor(() => expect(document.activeElement).toBe(box));
    const popover = box.closest('.ant-popover') as HTMLElement;
    const release = holdCalls('admin/todo.add');
    fireEvent.change(box, { target: { value: 'Chase the refund' } });
    // Enter in the box submits its form.
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(within(popover).getByRole('button', { name: /Add/ }).className).toContain('ant-btn-loading'),
    );
    // While it is being added the box is not disabled (a disabled box loses the focus to the page).
    expect((box as HTMLInputElement).disabled).toBe(false);
    expect(document.activeElement).toBe(box);
    release();
    await within(popover).findByRole('checkbox', { name: 'Chase the refund' });
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
    expect(document.activeElement).toBe(box);
    // Tab from the popover's last control: it closes, the focus back on its button (not the top of the page).
    const controls = popover.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])');
    const last = controls[controls.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('closes the popover when the focus goes elsewhere on the page', async () => {
    fakeServer({ handlers: { 'admin/todo.list': () => ok({ list: [], open_count: 0 }) } });
    renderApp('/wswt/setting/todo');
    const button = await screen.findByRole('button', { name: 'Todo list: 0 open items' }, { timeout: 15_000 });
    fireEvent.click(button);
    const main = screen.getByRole('main');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(main.contains(document.activeElement)).toBe(false));
    within(main).getByRole('textbox', { name: 'What do you need to do?' }).focus();
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });
});
