import type { TChatSummary } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { account, fakeServer, ok, page } from '../../test/fakeServer';
import { fakeIo, fakeSockets } from '../../test/fakeSocket';
import { chatMessage, chatSummary, shortcut } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { chooseLanguage, signInEachTest } from '../../test/session';

vi.mock('socket.io-client', () => ({ io: () => fakeIo() }));

signInEachTest();
beforeEach(() => {
  fakeSockets.length = 0;
});

const agent = account({ tool_access: ['chat'], chat_state: 'online' });
const mine = chatSummary({ ticket_id: 42, visitor_name: 'Mo Mine', accepted_by: agent.account_id });

function serve(queue: { waiting: TChatSummary[] }) {
  return fakeServer({
    user: agent,
    menus: ['/wswt', '/wswt/chat', '/wswt/ticket/edit/:ticket_id'],
    buttons: ['chat.accept', 'chat.message.add', 'chat.end'],
    handlers: {
      'admin/chat.queue.list': () => ok({ waiting: queue.waiting, active: [mine] }),
      'admin/chat.get': (c) => ok(Number(c.query.get('ticket_id')) === 42 ? mine : chatSummary()),
      'admin/chat.message.list': (c) => ok({ list: Number(c.query.get('ticket_id')) === 41 ? [chatMessage()] : [] }),
      'admin/settings/shortcut.list': () =>
        page([
          shortcut({ shortcut_id: 1, title: 'thanks', message: 'Thank you!' }),
          shortcut({ shortcut_id: 2, title: 'thanks and bye', message: 'Thank you, bye!' }),
        ]),
      'admin/auth.group.list': () => page([]),
      'admin/ticket.requester.tickets': () => page([]),
      'admin/auth.my.chat.state.edit': () => ok(null),
    },
  });
}

/** The polite status holding `text` (a small live region, not a list or a transcript). */
const statusSaying = (text: string) =>
  screen.getAllByRole('status').find((s) => s.textContent === text && s.getAttribute('aria-live') === 'polite');

describe('the chat workspace with a screen reader', () => {
  it('says a new message on its own, and the transcript itself is not live', async () => {
    serve({ waiting: [chatSummary()] });
    renderApp('/wswt/chat?chat=41');
    const first = await screen.findByText('Where is my order?');
    expect(first.closest('[aria-live]')).toBeNull();
    // What was there when the chat opened is not news.
    expect(screen.queryAllByRole('status').some((s) => /New message/.test(s.textContent ?? ''))).toBe(false);
    await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
    fakeSockets[0]?.push('chat_message', chatMessage({ message_id: 101, body: '<p>Still <b>there</b>?</p>' }));
    await screen.findByText('there');
    await waitFor(() => expect(statusSaying('New message from Vera Visitor: Still there?')).toBeDefined());
  });

  it('says a chat that starts waiting, with the visitor’s name, in English and in Chinese', async () => {
    const queue = { waiting: [chatSummary()] };
    serve(queue);
    renderApp('/wswt/chat');
    await screen.findByText('Vera Visitor');
    await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
    queue.waiting = [chatSummary(), chatSummary({ ticket_id: 43, visitor_name: 'Nia New' })];
    fakeSockets[0]?.push('system_message', { type: 'new_chat_tickets', ticket_ids: [43] });
    await waitFor(() => expect(statusSaying('New chat waiting: Nia New')).toBeDefined());

    await chooseLanguage('zh-cn');
    queue.waiting = [...queue.waiting, chatSummary({ ticket_id: 44, visitor_name: '王小明' })];
    fakeSockets[0]?.push('system_message', { type: 'new_chat_tickets', ticket_ids: [44] });
    await waitFor(() => expect(statusSaying('新会话等待接入：王小明')).toBeDefined());
  });

  it('gives the shortcut picker combobox semantics: arrows, Enter, Escape', async () => {
    serve({ waiting: [] });
    renderApp('/wswt/chat?chat=42');
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    expect(box.getAttribute('aria-expanded')).toBeNull();
    fireEvent.change(box, { target: { value: '/tha' } });
    const picker = await screen.findByRole('listbox', { name: 'Shortcuts' });
    const combo = screen.getByRole('combobox', { name: 'Message' });
    expect(combo).toBe(box);
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    expect(combo.getAttribute('aria-controls')).toBe(picker.id);
    const options = within(picker).getAllByRole('option');
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[1]?.id);

    // Escape closes the list and keeps what was typed.
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box.value).toBe('/tha');
    expect(box.getAttribute('aria-expanded')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    // A new "/" opens it again; Enter takes the option the arrows are on.
    fireEvent.change(box, { target: { value: '/' } });
    fireEvent.change(box, { target: { value: '/thanks' } });
    await screen.findByRole('listbox', { name: 'Shortcuts' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('Thank you, bye!'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
