import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page } from '../../../test/fakeServer';
import { comment, ticket, ticketField } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../../test/session';

signInEachTest();

/** Writes the first comment in the rich composer, as typing would. */
function describe_(html: string): HTMLElement {
  const editor = screen.getByRole('textbox', { name: 'Description' });
  editor.innerHTML = html;
  fireEvent.input(editor);
  return editor;
}

const group = (group_id: number, group_name: string, is_default = false) => ({
  group_id,
  group_name,
  is_default,
  remark: '',
  account_ids: [],
  create_ts: 0,
  update_ts: 0,
});

/** Opens the group picker. */
function openGroupPicker() {
  const picker = screen.getByText('Group', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
  fireEvent.mouseDown(picker.querySelector('[role="combobox"]') as HTMLElement);
}

/** The groups the open group picker offers. */
const offeredGroups = () =>
  [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((o) => o.textContent);

function serve() {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/ticket.add': () => ok({ ticket_id: 55 }),
      'admin/ticket.get': () => ok(ticket({ ticket_id: 55, subject: 'Laptop request' })),
      'admin/ticket.comment.list': () => ok({ list: [comment({ ticket_id: 55 })] }),
    },
  });
}

describe('new ticket', () => {
  it('asks for the requester, the subject and the description', async () => {
    serve();
    renderApp('/wswt/ticket/add');
    const create = await screen.findByRole('button', { name: 'Create ticket' }, { timeout: 10_000 });
    // What must be filled in is marked before anything is tried.
    const marked = (label: string) =>
      screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');
    expect(['Requester', 'Subject', 'Description'].map(marked)).toEqual([true, true, true]);
    expect(marked('Group')).toBe(false);
    fireEvent.click(create);
    await screen.findByText('Requester is required');
    screen.getByText('Subject is required');
    screen.getByText('Description is required');
    // The blank description is marked on the editor itself, not only under the attach button.
    const editor = screen.getByRole('textbox', { name: 'Description' });
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    describe_('<p>Needs a laptop</p>');
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByText('New requester'));
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await screen.findByText('Email is required');
  });

  it('creates the ticket for a new requester and opens it', async () => {
    const { calls } = serve();
    const { here } = renderApp('/wswt/ticket/add');
    fireEvent.click(await screen.findByText('New requester', {}, { timeout: 10_000 }));
    typeInto('Email', 'Pat@Example.com');
    typeInto('Name', 'Pat');
    typeInto('Subject', ' Laptop request ');
    describe_('<p>Needs a <b>laptop</b></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/55'));
    expect(callsTo(calls, 'admin/ticket.add')[0]?.body).toEqual({
      requester_email: 'Pat@Example.com',
      requester_name: 'Pat',
      subject: 'Laptop request',
      comment: { body: '<p>Needs a <b>laptop</b></p>', is_public: true, file_ids: [] },
      group_id: null,
      assignee_id: null,
      ticket_type: 'question',
      priority: 'normal',
      tags: [],
    });
  });

  it("shows the server's refusal of a group the agent cannot see under the group picker", async () => {
    const refusal = 'You cannot see the tickets of this group: choose one of your groups';
    fakeServer({
      user: admin,
      handlers: {
        'admin/auth.group.list': () =>
          page([
            { group_id: 2, group_name: 'Billing', is_default: false, account_ids: [], create_ts: 0, update_ts: 0 },
          ]),
        'admin/ticket.add': () => fail('FFFF', refusal, { fields: { group_id: refusal } }),
      },
    });
    renderApp('/wswt/ticket/add');
    fireEvent.click(await screen.findByText('New requester', {}, { timeout: 10_000 }));
    typeInto('Email', 'pat@example.com');
    typeInto('Subject', 'Screen');
    describe_('<p>Broken</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    const shown = await screen.findByText(refusal);
    expect(shown.closest('.ant-form-item')?.textContent).toContain('Group');
  });

  it("says the server's refusal of a custom field's value under that field, not in a toast", async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/field.all.list': () =>
          ok({ list: [ticketField({ field_id: 5, field_key: 'field_5', title: 'Serial number' })] }),
        'admin/ticket.add': () =>
          fail('FFFF', 'Serial number: invalid value', { fields: { field_5: 'field_invalid' } }),
      },
    });
    renderApp('/wswt/ticket/add');
    fireEvent.click(await screen.findByText('New requester', {}, { timeout: 10_000 }));
    typeInto('Email', 'pat@example.com');
    typeInto('Subject', 'Screen');
    describe_('<p>Broken</p>');
    typeInto('Serial number', 'SN 1');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    const item = screen.getByLabelText('Serial number').closest('.ant-form-item') as HTMLElement;
    await within(item).findByText('Invalid value');
    expect(screen.queryByText('Serial number: invalid value')).toBeNull();
  });

  it('sends a pasted picture with the first comment, inline and as its file', async () => {
    const fileId = 'NeWtIcKeTiMaGeaaaaaaaa';
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.add': () => ok({ ticket_id: 56 }),
        'admin/ticket.get': () => ok(ticket({ ticket_id: 56 })),
        'admin/ticket.comment.list': () => ok({ list: [] }),
        'admin/auth.account.list': () => page([account({ account_id: 9, user_type: 'end_user' })]),
        'admin/ticket.upload': () => ok({ file_id: fileId, file_name: 'shot.png', size: 9, content_type: 'image/png' }),
      },
    });
    const { here } = renderApp('/wswt/ticket/add');
    fireEvent.click(await screen.findByText('New requester', {}, { timeout: 10_000 }));
    typeInto('Email', 'pat@example.com');
    typeInto('Subject', 'Screen');
    const editor = describe_('<p>See:</p>');
    fireEvent.paste(editor, {
      clipboardData: { files: [new File(['png'], 'shot.png', { type: 'image/png' })], getData: () => '' },
    });
    await waitFor(() => expect(editor.querySelector('img')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/56'));
    const sent = callsTo(calls, 'admin/ticket.add')[0]?.body.comment as { body: string; file_ids: string[] };
    expect(sent.file_ids).toEqual([fileId]);
    expect(sent.body).toContain('alt="shot.png"');
  });
  it('starts an agent limited to their groups with their group, and offers only theirs', async () => {
    const { calls } = fakeServer({
      user: account({ account_id: 7, user_type: 'agent', ticket_access: 'groups', group_ids: [2] }),
      menus: ['/wswt', '/wswt/ticket/add'],
      handlers: {
        'admin/auth.group.list': () => page([group(1, 'Support', true), group(2, 'Billing'), group(3, 'Sales')]),
        'admin/ticket.add': () => ok({ ticket_id: 55 }),
        'admin/ticket.get': () => ok(ticket({ ticket_id: 55 })),
        'admin/ticket.comment.list': () => ok({ list: [] }),
      },
    });
    const { here } = renderApp('/wswt/ticket/add');
    fireEvent.click(await screen.findByText('New requester', {}, { timeout: 10_000 }));
    const picker = screen.getByText('Group', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(picker.querySelector('.ant-select-content')?.getAttribute('title')).toBe('Billing'));
    openGroupPicker();
    // Only their own group is offered (no other group, and no "No group").
    await waitFor(() => expect(offeredGroups()).toEqual(['Billing']));
    typeInto('Email', 'pat@example.com');
    typeInto('Subject', 'Invoice');
    describe_('<p>Wrong amount</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/55'));
    expect(callsTo(calls, 'admin/ticket.add')[0]?.body).toMatchObject({ group_id: 2 });
  });

  // The server refuses a group the agent is not in to every agent who does not see all tickets.
  it('offers an agent who sees only their own tickets their groups or none, and sends none by default', async () => {
    const { calls } = fakeServer({
      user: account({ account_id: 7, user_type: 'agent', ticket_access: 'own', group_ids: [2] }),
      menus: ['/wswt', '/wswt/ticket/add'],
      handlers: {
        'admin/auth.group.list': () => page([group(1, 'Support', true), group(2, 'Billing'), group(3, 'Sales')]),
        'admin/ticket.add': () => ok({ ticket_id: 55 }),
        'admin/ticket.get': () => ok(ticket({ ticket_id: 55 })),
        'admin/ticket.comment.list': () => ok({ list: [] }),
      },
    });
    const { here } = renderApp('/wswt/ticket/add');
    fireEvent.click(await screen.findByText('New requester', {}, { timeout: 10_000 }));
    openGroupPicker();
    await waitFor(() => expect(offeredGroups()).toEqual(['No group', 'Billing']));
    typeInto('Email', 'pat@example.com');
    typeInto('Subject', 'Invoice');
    describe_('<p>Wrong amount</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/55'));
    expect(callsTo(calls, 'admin/ticket.add')[0]?.body).toMatchObject({ group_id: null });
  });
});
