import { screen } from '@testing-library/react';
import { account, fakeServer, ok, page } from '../../test/fakeServer';
import { chatMessage, chatSummary, group, shortcut } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

// The chat screen's tests' server (ChatPage.test, ChatContext.test): an agent who takes chats,
// one chat waiting and one of their own.

export const agent = account({ tool_access: ['chat'], chat_state: 'online' });
export const waiting = chatSummary();
export const mine = chatSummary({ ticket_id: 42, visitor_name: 'Mo Mine', accepted_by: agent.account_id });

export function serve(handlers = {}) {
  return fakeServer({
    user: agent,
    menus: ['/wswt', '/wswt/chat', '/wswt/ticket/edit/:ticket_id'],
    buttons: ['chat.accept', 'chat.message.add', 'chat.end'],
    handlers: {
      'admin/chat.queue.list': () => ok({ waiting: [waiting], active: [mine] }),
      'admin/chat.get': (c) => ok(Number(c.query.get('ticket_id')) === 42 ? mine : waiting),
      'admin/chat.message.list': (c) => ok({ list: Number(c.query.get('ticket_id')) === 41 ? [chatMessage()] : [] }),
      'admin/settings/shortcut.list': () =>
        page([shortcut({ title: 'thanks', message: 'Is it solved?', choice_list: ['Yes', 'No'] })]),
      'admin/auth.group.list': () => page([group({ group_id: 7, group_name: 'Billing' })]),
      'admin/ticket.requester.tickets': () => page([]),
      'admin/chat.accept': () => ok(null),
      'admin/chat.message.add': () => ok({ message_id: 101 }),
      'admin/chat.transfer': () => ok(null),
      'admin/auth.my.chat.state.edit': () => ok(null),
      ...handlers,
    },
  });
}

/** The chat screen of an agent the server says is away. */
export async function openAway() {
  const server = fakeServer({
    user: { ...agent, chat_state: 'away' },
    menus: ['/wswt/chat'],
    handlers: {
      'admin/chat.queue.list': () => ok({ waiting: [waiting], active: [mine] }),
      'admin/auth.my.chat.state.edit': () => ok(null),
    },
  });
  renderApp('/wswt/chat');
  await screen.findByText('Vera Visitor');
  return server;
}
