import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fakeServer';
import { fakeIo, fakeSocketOptions, fakeSockets } from '../../test/fakeSocket';
import { chatMessage, chatSummary } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';
import { idleAwayMs } from './ChatContext';
import { openAway, serve } from './chatTestServer';

vi.mock('socket.io-client', () => ({ io: () => fakeIo() }));

signInEachTest();
beforeEach(() => {
  fakeSockets.length = 0;
  document.title = 'Parley';
});

// The shell's chat connection (ChatContext): unread counts, idle away, notifications, the poll.
/** Desktop notifications allowed; each one shown is recorded as "title: body". */
function stubNotifications(): string[] {
  const shown: string[] = [];
  vi.stubGlobal(
    'Notification',
    class {
      static permission = 'granted';
      constructor(title: string, options: { body: string }) {
        shown.push(`${title}: ${options.body}`);
      }
    },
  );
  return shown;
}

describe('the chat connection', () => {
  it('counts a visitor message in another chat as unread, in the list and in the tab title', async () => {
    serve();
    renderApp('/wswt/chat?chat=41');
    await screen.findByText('Where is my order?');
    await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
    const socket = fakeSockets[0];
    socket?.push('chat_message', chatMessage({ message_id: 300, ticket_id: 42, body: '<p>Hello?</p>' }));
    await waitFor(() => expect(document.title).toMatch(/^\(1\) /));
    fireEvent.click(screen.getByRole('tab', { name: /My chats/ }));
    // Each chat in the list is a button (the keyboard reaches it), named by its visitor.
    const item = await screen.findByRole('button', { name: /Mo Mine/ });
    within(item).getByText('1');
    // Opening that chat reads it, and the list marks it as the one open.
    fireEvent.click(item);
    await waitFor(() => expect(item.getAttribute('aria-current')).toBe('true'));
    await waitFor(() => expect(document.title).not.toMatch(/^\(\d+\) /));
  });

  it("counts a message in another chat from the server's notice, as the real server sends only that for a chat not open", async () => {
    serve();
    renderApp('/wswt/chat?chat=41');
    await screen.findByText('Where is my order?');
    await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
    fakeSockets[0]?.push('system_message', { type: 'new_message', ticket_ids: [42] });
    fakeSockets[0]?.push('system_message', { type: 'new_message', ticket_ids: [42] });
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    fireEvent.click(screen.getByRole('tab', { name: /My chats/ }));
    within(await screen.findByRole('button', { name: /Mo Mine/ })).getByText('2');
    // The chat on screen is not counted from it (its own messages arrive as they are).
    fakeSockets[0]?.push('system_message', { type: 'new_message', ticket_ids: [41] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.title).toMatch(/^\(2\) /);
  });

  it('ignores a message it has shown already (the same message_id twice)', async () => {
    serve();
    renderApp('/wswt/chat?chat=41');
    await screen.findByText('Where is my order?');
    await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
    fakeSockets[0]?.push('chat_message', chatMessage());
    fakeSockets[0]?.push(
      'chat_message',
      chatMessage({
        message_id: 101,
        body: '<p>Second</p>',
        file_ids: ['f1'],
        files: [{ file_id: 'f1', file_name: 'receipt.pdf', size: 10, content_type: 'application/pdf' }],
      }),
    );
    await screen.findByText('Second');
    // The visitor's file, by its name, to download.
    screen.getByText('receipt.pdf');
    expect(screen.getAllByText('Where is my order?')).toHaveLength(1);
  });

  it('keeps an idle agent online (notified in front), turns them away after 10 minutes, online again on input', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const shown = stubNotifications();
    try {
      const { calls } = serve();
      renderApp('/wswt/chat');
      await screen.findByText('Vera Visitor');
      await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
      const states = () => callsTo(calls, 'admin/auth.my.chat.state.edit').map((c) => c.body.chat_state);
      // The page in front, the agent at the keyboard: the chime alone.
      fakeSockets[0]?.push('system_message', { type: 'new_chat_tickets', ticket_ids: [50] });
      expect(shown).toEqual([]);
      // 15 s without input: still online (the widget still offers a chat), but notified on screen.
      vi.advanceTimersByTime(20_000);
      fakeSockets[0]?.push('system_message', { type: 'new_chat_tickets', ticket_ids: [51] });
      expect(shown).toEqual(['Parley chat: A new chat is waiting']);
      expect(states()).toEqual([]);
      vi.advanceTimersByTime(idleAwayMs - 21_000);
      expect(states()).toEqual([]);
      vi.advanceTimersByTime(2_000);
      await waitFor(() => expect(states()).toEqual(['away']));
      fireEvent.keyDown(window, { key: 'a' });
      await waitFor(() => expect(states()).toEqual(['away', 'online']));
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('brings an agent the idle timer sent away back online on their next input after a reload too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const first = serve();
      const app = renderApp('/wswt/chat');
      await screen.findByText('Vera Visitor');
      vi.advanceTimersByTime(idleAwayMs + 500);
      await waitFor(() =>
        expect(callsTo(first.calls, 'admin/auth.my.chat.state.edit').map((c) => c.body.chat_state)).toEqual(['away']),
      );
      app.view.unmount();
      // The page loads again: the server says away.
      const again = await openAway();
      fireEvent.mouseMove(window);
      await waitFor(() =>
        expect(callsTo(again.calls, 'admin/auth.my.chat.state.edit').map((c) => c.body.chat_state)).toEqual(['online']),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves an agent who chose away away, whatever they do', async () => {
    const { calls } = await openAway();
    fireEvent.mouseMove(window);
    fireEvent.keyDown(window, { key: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(calls, 'admin/auth.my.chat.state.edit')).toEqual([]);
  });

  it('shows a desktop notification for new chats at most once every 5 s while the tab is hidden', async () => {
    const shown = stubNotifications();
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    try {
      const { calls } = serve();
      renderApp('/wswt/chat');
      await screen.findByText('Vera Visitor');
      await waitFor(() => expect(fakeSockets[0]?.connected).toBe(true));
      const socket = fakeSockets[0];
      const queueCalls = callsTo(calls, 'admin/chat.queue.list').length;
      socket?.push('system_message', { type: 'new_chat_tickets', ticket_ids: [50] });
      socket?.push('system_message', { type: 'new_chat_tickets', ticket_ids: [51] });
      socket?.push('chat_message', chatMessage({ message_id: 400, ticket_id: 42 }));
      expect(shown).toEqual(['Parley chat: A new chat is waiting']);
      // Each push refreshes the queue; the test ends once those calls are answered.
      await waitFor(() => expect(callsTo(calls, 'admin/chat.queue.list').length).toBeGreaterThan(queueCalls));
    } finally {
      hidden.mockRestore();
    }
  });

  it('polls every second while the socket is down, and notifies of new chats from it at most once every 30 s', async () => {
    const shown = stubNotifications();
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    fakeSocketOptions.autoOpen = false;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // Each poll finds one more chat waiting.
      let waitingNow = 0;
      const { calls } = serve({
        'admin/chat.queue.list': () => {
          waitingNow += 1;
          return ok({
            waiting: Array.from({ length: waitingNow }, (_, i) => chatSummary({ ticket_id: 500 + i })),
            active: [],
          });
        },
      });
      renderApp('/wswt/chat');
      await screen.findByText('Reconnecting… new chats are checked every second meanwhile.');
      const polls = () => callsTo(calls, 'admin/chat.queue.list').length;
      const before = polls();
      for (let s = 0; s < 5; s++) {
        await vi.advanceTimersByTimeAsync(1000);
      }
      await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(before + 4));
      expect(shown).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(shown).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(11_000);
      await waitFor(() => expect(shown).toHaveLength(2));
    } finally {
      vi.useRealTimers();
      fakeSocketOptions.autoOpen = true;
      hidden.mockRestore();
    }
  });
});
