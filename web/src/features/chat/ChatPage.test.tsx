import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { fakeIo, fakeSockets } from '../../test/fakeSocket';
import { chatMessage, chatSummary } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';
import { agent, mine, serve, waiting } from './chatTestServer';

vi.mock('socket.io-client', () => ({ io: () => fakeIo() }));

signInEachTest();
beforeEach(() => {
  fakeSockets.length = 0;
  document.title = 'Parley';
});

// happy-dom answers media queries from its viewport (1024 × 768 unless a test changes it).
const phoneWide = (phone: boolean) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport(phone ? { width: 375, height: 740 } : { width: 1024, height: 768 });
afterEach(() => phoneWide(false));

describe('the chat workspace', () => {
  it('lists waiting chats, shows the visitor with their answers, and accepts', async () => {
    const { calls } = serve();
    renderApp('/wswt/chat');
    const row = await screen.findByText('Vera Visitor');
    // Told apart from other visitors by its number and page, not only a name and a minute.
    within(screen.getByRole('button', { name: /Vera Visitor/ })).getByText(/^#41 · shop\.example\/cart · /);
    fireEvent.click(row);
    await screen.findByText('Where is my order?');
    const panel = screen.getByText('Pre-chat answers').closest('.ant-card') as HTMLElement;
    within(panel).getByText('A-1042');
    within(panel).getByText('https://shop.example/cart');
    // Not accepted yet: answering needs the chat.
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe(
      'Accept the chat to answer (internal notes are open to you)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(callsTo(calls, 'admin/chat.accept')[0]?.body).toEqual({ ticket_id: 41 }));
  });

  it('says an ended chat has ended in its visitor details, and no made-up email for a visitor who gave none', async () => {
    const ended = chatSummary({ ended: true, visitor_active: true, visitor_email: 'visitor-1f2e@anonymous.invalid' });
    serve({
      'admin/chat.queue.list': () => ok({ waiting: [], active: [ended] }),
      'admin/chat.get': () => ok(ended),
    });
    renderApp('/wswt/chat?chat=41');
    const panel = (await screen.findByText('Pre-chat answers')).closest('.ant-card') as HTMLElement;
    within(panel).getByText('Chat ended');
    expect(within(panel).queryByText('Active')).toBeNull();
    expect(within(panel).queryByText(/anonymous\.invalid/)).toBeNull();
  });

  it('shows what a chat nobody took told its visitor, above the end of the chat', async () => {
    serve({
      'admin/chat.message.list': () =>
        ok({
          list: [
            chatMessage(),
            chatMessage({
              message_id: 120,
              from_visitor: false,
              automatic: true,
              account_id: null,
              real_name: '',
              reply_type: 'end_chat',
              body: '<p>Sorry, no one was free to take your chat. We will answer by email to vera@example.com.</p>',
            }),
          ],
        }),
    });
    renderApp('/wswt/chat');
    fireEvent.click(await screen.findByText('Vera Visitor'));
    await screen.findByText('Sorry, no one was free to take your chat. We will answer by email to vera@example.com.');
    screen.getByText(/Chat ended/);
  });

  it('says why an Enter before accepting sent nothing, and sends the same text once accepted', async () => {
    let accepted = false;
    const { calls } = serve({
      'admin/chat.get': () => ok(accepted ? { ...waiting, accepted_by: agent.account_id } : waiting),
      'admin/chat.accept': () => {
        accepted = true;
        return ok(null);
      },
    });
    renderApp('/wswt/chat?chat=41');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'Hello Vera' } });
    fireEvent.keyDown(composer, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Accept the chat to answer (internal notes are open to you)',
    );
    expect(callsTo(calls, 'admin/chat.message.add')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('button', { name: 'End chat' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(composer, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(callsTo(calls, 'admin/chat.message.add')).toHaveLength(1));
    expect(callsTo(calls, 'admin/chat.message.add')[0]?.body).toMatchObject({ ticket_id: 41, body: 'Hello Vera' });
  });

  it('opens the shortcuts with "/" and sends their choices as quick replies the visitor can click', async () => {
    const { calls } = serve();
    renderApp('/wswt/chat?chat=42');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: '/tha' } });
    const picker = await screen.findByRole('listbox', { name: 'Shortcuts' });
    fireEvent.click(within(picker).getByText('thanks'));
    expect((composer as HTMLTextAreaElement).value).toBe('Is it solved?');
    screen.getByText('Quick replies:');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(calls, 'admin/chat.message.add')).toHaveLength(1));
    expect(callsTo(calls, 'admin/chat.message.add')[0]?.body).toMatchObject({
      ticket_id: 42,
      body: 'Is it solved?',
      is_public: true,
      quick_replies: ['Yes', 'No'],
    });
    await waitFor(() => expect(screen.queryByText('Quick replies:')).toBeNull());
  });

  it('offers only agents who take chats, online first, and leaves the chat once it is transferred', async () => {
    const summary = (o: object) => ({ ...account(o), alias_name: '', group_ids: [], avatar: '' });
    const { calls } = serve({
      'admin/auth.agent.all.list': () =>
        ok({
          list: [
            summary({ account_id: 60, real_name: 'Amy Away', tool_access: ['chat'], chat_state: 'away' }),
            summary({ account_id: 61, real_name: 'Nora Nochat', tool_access: [], chat_state: 'offline' }),
            summary({ account_id: 62, real_name: 'Olli Online', tool_access: ['chat'], chat_state: 'online' }),
          ],
        }),
    });
    const { here } = renderApp('/wswt/chat?chat=42');
    const select = await screen.findByRole('combobox', { name: 'Transfer to…' });
    fireEvent.mouseDown(select);
    await screen.findByTitle('Olli Online · Online');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['Olli Online · Online', 'Amy Away · Away', 'Billing']);
    fireEvent.click(screen.getByTitle('Olli Online · Online'));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() =>
      expect(callsTo(calls, 'admin/chat.transfer')[0]?.body).toEqual({ ticket_id: 42, assignee_id: 62 }),
    );
    await waitFor(() => expect(here()).toBe('/wswt/chat'));
  });

  it('asks before ending a chat', async () => {
    const { calls } = serve({ 'admin/chat.end': () => ok(null) });
    renderApp('/wswt/chat?chat=42');
    fireEvent.click(await screen.findByRole('button', { name: 'End chat' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('End this chat?');
    expect(callsTo(calls, 'admin/chat.end')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End chat' }));
    await waitFor(() => expect(callsTo(calls, 'admin/chat.end')[0]?.body).toEqual({ ticket_id: 42 }));
  });

  it('transfers a chat to a group, back to the queue', async () => {
    const { calls } = serve();
    renderApp('/wswt/chat?chat=42');
    const select = await screen.findByRole('combobox', { name: 'Transfer to…' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Billing'));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(callsTo(calls, 'admin/chat.transfer')[0]?.body).toEqual({ ticket_id: 42, group_id: 7 }));
    await screen.findByText('Chat transferred');
  });

  it('keeps the keyboard in the composer after sending with the button', async () => {
    const { calls } = serve();
    renderApp('/wswt/chat?chat=42');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'On its way' } });
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    await waitFor(() => expect(callsTo(calls, 'admin/chat.message.add')).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(composer));
  });

  it('sends a file with a message, or on its own, and clears it once sent', async () => {
    const guide = {
      file_id: 'AbCdEfGhIjKlMnOpQrStUv',
      file_name: 'guide.pdf',
      size: 3,
      content_type: 'application/pdf',
    };
    const { calls } = serve({ 'admin/ticket.upload': () => ok(guide) });
    renderApp('/wswt/chat?chat=42');
    await screen.findByRole('textbox', { name: 'Message' });
    const attach = screen.getByRole('button', { name: 'Attach files' });
    const input = attach.closest('.ant-upload')?.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['pdf'], 'guide.pdf', { type: 'application/pdf' })] } });
    await screen.findByText('guide.pdf');
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.upload')).toHaveLength(1));
    // No text: the file alone is a message.
    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(callsTo(calls, 'admin/chat.message.add')).toHaveLength(1));
    expect(callsTo(calls, 'admin/chat.message.add')[0]?.body).toMatchObject({
      ticket_id: 42,
      body: '',
      file_ids: [guide.file_id],
      is_public: true,
    });
    await waitFor(() => expect(screen.queryByText('guide.pdf')).toBeNull());
  });

  it('puts the keyboard in the composer once a chat is accepted', async () => {
    serve();
    renderApp('/wswt/chat?chat=41');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    const accept = await screen.findByRole('button', { name: 'Accept' });
    accept.focus();
    fireEvent.click(accept);
    await waitFor(() => expect(document.activeElement).toBe(composer));
  });

  it('sends the keyboard to the next chat of the list once a chat is transferred', async () => {
    const other = chatSummary({ ticket_id: 43, visitor_name: 'Otto Other', accepted_by: agent.account_id });
    serve({ 'admin/chat.queue.list': () => ok({ waiting: [waiting], active: [mine, other] }) });
    renderApp('/wswt/chat?chat=42');
    const select = await screen.findByRole('combobox', { name: 'Transfer to…' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Billing'));
    const transfer = screen.getByRole('button', { name: 'Transfer' });
    transfer.focus();
    fireEvent.click(transfer);
    await screen.findByText('Chat transferred');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Otto Other/ })));
  });

  it('tells an account without chat access how to get it', async () => {
    fakeServer({ user: account(), menus: ['/wswt', '/wswt/chat'] });
    renderApp('/wswt/chat');
    await screen.findByText(/Your account does not take chats/);
  });
});

describe('the chat workspace on a phone', () => {
  it('shows one column at a time: the list, the chat with a way back, the visitor and back to the chat', async () => {
    phoneWide(true);
    const { calls } = serve();
    const { here } = renderApp('/wswt/chat');
    const row = await screen.findByText('Vera Visitor');
    // The list alone: no empty conversation squeezed beside it.
    expect(screen.queryByText('Pick a chat from the list')).toBeNull();
    fireEvent.click(row);
    await screen.findByText('Where is my order?');
    expect(here()).toBe('/wswt/chat?chat=41');
    // The conversation has the screen: no list and no visitor beside it.
    expect(screen.queryByRole('tab', { name: /Waiting/ })).toBeNull();
    expect(screen.queryByText('Pre-chat answers')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(callsTo(calls, 'admin/chat.accept')[0]?.body).toEqual({ ticket_id: 41 }));

    fireEvent.click(screen.getByRole('button', { name: 'Visitor details' }));
    const panel = (await screen.findByText('Pre-chat answers')).closest('.ant-card') as HTMLElement;
    within(panel).getByText('A-1042');
    within(panel).getByText('https://shop.example/cart');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Back to the chat' }));
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByText('Pre-chat answers')).toBeNull();
    expect(here()).toBe('/wswt/chat?chat=41');

    fireEvent.click(screen.getByRole('button', { name: 'All chats' }));
    await screen.findByRole('tab', { name: /Waiting/ });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(here()).toBe('/wswt/chat');
  });

  it('keeps the reply being written while the agent reads the visitor details', async () => {
    phoneWide(true);
    serve();
    renderApp('/wswt/chat?chat=42');
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'Half a reply' } });
    fireEvent.click(screen.getByRole('button', { name: 'Visitor details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the chat' }));
    expect(((await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement).value).toBe(
      'Half a reply',
    );
  });

  it('opens a chat from an address with its way back to the list, and the actions under its header', async () => {
    phoneWide(true);
    serve();
    const { here } = renderApp('/wswt/chat?chat=42&visitor=1');
    // The visitor step of a chat opened from a link: back goes to the chat, then to the list.
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the chat' }));
    await screen.findByRole('button', { name: 'End chat' });
    screen.getByRole('combobox', { name: 'Transfer to…' });
    fireEvent.click(screen.getByRole('button', { name: 'All chats' }));
    await screen.findByRole('tab', { name: /Waiting/ });
    expect(here()).toBe('/wswt/chat');
  });

  it('keeps the list, the chat and the visitor side by side on a wider screen', async () => {
    serve();
    renderApp('/wswt/chat?chat=42');
    await screen.findByRole('button', { name: 'End chat' });
    screen.getByRole('tab', { name: /Waiting/ });
    screen.getByText('Pre-chat answers');
    expect(screen.queryByRole('button', { name: 'All chats' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Visitor details' })).toBeNull();
  });
});
