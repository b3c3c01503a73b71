import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, ok, page } from '../../../test/fakeServer';
import { group, ticketField } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, signInEachTest } from '../../../test/session';
import { linus, serveTicket, ticketShown, typeComment } from '../../../test/ticketPage';

signInEachTest();

const spammer = account({ account_id: 55, email: 'x@spam.example', real_name: 'Spam Sender', user_type: 'end_user' });

/** The properties card (the panel's form), found by its title. */
const panel = () => screen.getByText('Properties').closest('.ant-card') as HTMLElement;

describe('ticket properties', () => {
  it('hides tags, CCs and followers while their settings are off', async () => {
    const { calls } = serveTicket({ settings: { enable_tag: false, enable_ccs: false, enable_follow: false } });
    renderApp('/wswt/ticket/edit/101');
    // The file's first test imports the ticket page cold: over 10 s once in a whole suite's run.
    await ticketShown(30_000);
    await waitFor(() => expect(callsTo(calls, 'admin/settings/ticket.get')).toHaveLength(1));
    // Let the settings' answer render before looking for what it hides.
    await new Promise((resolve) => setTimeout(resolve, 200));
    within(panel()).getByText('Priority');
    expect(within(panel()).queryByText('CCs')).toBeNull();
    expect(within(panel()).queryByText('Followers')).toBeNull();
    expect(within(panel()).queryByText('Tags')).toBeNull();
  });

  it('shows CCs and followers by name when on, and the blocklist refusal as an error toast', async () => {
    const { calls } = serveTicket({
      ticket: { cc_ids: [20], follower_ids: [7] },
      settings: { enable_tag: true, enable_ccs: true, enable_follow: true },
      handlers: {
        'admin/auth.account.list': () => page([spammer]),
        // A CC who is not an agent is named from their account (usePersonNames).
        'admin/auth.account.get': (c) =>
          ok(account({ account_id: Number(c.body.account_id), real_name: 'Grace Hopper' })),
        'admin/ticket.edit': () => fail('FFFF', 'x@spam.example cannot be added as a CC or follower'),
      },
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const ccs = await within(panel()).findByText('CCs');
    const ccItem = ccs.closest('.ant-form-item') as HTMLElement;
    within(ccItem).getByText('Grace Hopper');
    const followerItem = within(panel()).getByText('Followers').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => within(followerItem).getByText('Linus Agent'));
    within(panel()).getByText('Tags');

    // Drawn as Select's markup until pressed (LazyMultiSelect): then the real Select's combobox.
    fireEvent.mouseDown(within(ccItem).getByRole('combobox'));
    fireEvent.change(within(ccItem).getByRole('combobox'), { target: { value: 'spam' } });
    fireEvent.click(await screen.findByText('Spam Sender <x@spam.example>'));
    typeComment('Adding a CC');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByText('x@spam.example cannot be added as a CC or follower');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ ticket_id: 101, cc_ids: [20, 55] });
  });
});

describe('group and assignee', () => {
  it('offers the chosen group’s agents as assignee, and a group change unassigns an agent outside it', async () => {
    const ada = { ...account({ account_id: 8, real_name: 'Ada Billing' }), alias_name: '', group_ids: [4] };
    const { calls } = serveTicket({
      ticket: { group_id: 4, assignee_id: 8 },
      handlers: {
        'admin/auth.agent.all.list': () => ok({ list: [{ ...linus, group_ids: [3] }, ada] }),
        'admin/auth.group.list': () =>
          page([group({ group_id: 3, group_name: 'Hardware' }), group({ group_id: 4, group_name: 'Billing' })]),
      },
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const item = (label: string) => within(panel()).getByText(label).closest('.ant-form-item') as HTMLElement;
    await waitFor(() => within(item('Assignee')).getByText('Ada Billing'));
    await waitFor(() => within(item('Group')).getByText('Billing'));

    fireEvent.mouseDown(within(item('Group')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Hardware'));
    await waitFor(() => within(item('Assignee')).getByText('Unassigned'));
    fireEvent.mouseDown(within(item('Assignee')).getByRole('combobox'));
    // The assignee's list: the drop-down its combobox controls.
    await waitFor(() => {
      const listbox = within(item('Assignee')).getByRole('combobox').getAttribute('aria-controls') ?? '';
      const dropdown = document.getElementById(listbox)?.closest('.ant-select-dropdown');
      const offered = [...(dropdown?.querySelectorAll('.ant-select-item-option') ?? [])];
      expect(offered.map((o) => o.getAttribute('title'))).toEqual(['Unassigned', 'Linus Agent']);
    });

    typeComment('Moving to hardware');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(1));
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ group_id: 3, assignee_id: null });
  });
});

describe('fields required to solve', () => {
  it('marks them, and says a refusal to solve under the field, not in a toast, until the field is filled', async () => {
    const { calls } = serveTicket({
      handlers: {
        'admin/settings/field.all.list': () =>
          ok({ list: [ticketField({ field_id: 5, field_key: 'field_5', title: 'Product', required_to_solve: true })] }),
        'admin/ticket.edit': () =>
          fail('FFFF', 'Product is required to solve the ticket', { fields: { field_5: 'required_field' } }),
      },
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const label = await within(panel()).findByTitle('Required for agents to solve');
    expect(label.textContent).toBe('Product *');
    typeComment('Fixed');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as…' }));
    fireEvent.click(await screen.findByText('Submit as Solved'));
    const item = label.closest('.ant-form-item') as HTMLElement;
    await within(item).findByText('This field is required');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ submit_as: 'solved' });
    expect(screen.queryByText('Product is required to solve the ticket')).toBeNull();
    fireEvent.change(within(item).getByRole('textbox'), { target: { value: 'Printer' } });
    await waitFor(() => expect(within(item).queryByText('This field is required')).toBeNull());
  });
});

describe('satisfaction in the properties', () => {
  it("shows the customer's rating and comment", async () => {
    serveTicket({ ticket: { ticket_state: 'solved', satisfaction: 'bad', satisfaction_comment: 'Took a week' } });
    renderApp('/wswt/ticket/edit/101');
    const shown = await screen.findByTestId('satisfaction', {}, { timeout: 10_000 });
    within(shown).getByText('Bad');
    within(shown).getByText('“Took a week”');
  });

  it('says the survey was offered and copies its link for the agent to pass on', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void writes.push(text) },
    });
    serveTicket({
      ticket: { ticket_state: 'solved', satisfaction: 'unoffered', satisfaction_url: '/home/satisfaction?token=abc' },
    });
    renderApp('/wswt/ticket/edit/101');
    const shown = await screen.findByTestId('satisfaction', {}, { timeout: 10_000 });
    within(shown).getByText('Survey offered, not rated yet');
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy the survey link' }));
    await screen.findByText('Survey link copied');
    expect(writes).toEqual([`${window.location.origin}/home/satisfaction?token=abc`]);
  });
});
