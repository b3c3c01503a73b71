import type { TTrigger } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editState } from '../../components/RequireStateId';
import { account, fail, fakeServer, ok } from '../../test/fakeServer';
import { trigger } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const printers = trigger();

function serve(handlers = {}, list: TTrigger[] = []) {
  return fakeServer({
    user: account({ user_type: 'admin' }),
    menus: ['/wswt/setting/trigger', '/wswt/setting/trigger/add', '/wswt/setting/trigger/edit'],
    buttons: ['trigger.add', 'trigger.edit', 'trigger.category.add'],
    handlers: {
      'admin/settings/trigger.list': () => ok({ list, categories: [{ category_id: 4, name: 'Routing', position: 1 }] }),
      'admin/settings/schedule.list': () => ok({ list: [] }),
      ...handlers,
    },
  });
}

describe('trigger editor', () => {
  it('Enter in "New category" adds the category and picks it; it does not save the trigger', async () => {
    const { calls } = serve({ 'admin/settings/trigger.category.add': () => ok({ category_id: 9 }) });
    renderApp('/wswt/setting/trigger/add');
    await screen.findByRole('heading', { name: 'Add trigger' });
    typeInto('Title', 'Printers');
    const name = await screen.findByPlaceholderText('Category name');
    fireEvent.change(name, { target: { value: 'Escalation' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(callsTo(calls, 'admin/settings/trigger.category.add')).toHaveLength(1));
    expect(callsTo(calls, 'admin/settings/trigger.category.add')[0]?.body).toEqual({ name: 'Escalation' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));
    expect(callsTo(calls, 'admin/settings/trigger.add')).toHaveLength(0);
    screen.getByRole('heading', { name: 'Add trigger' });

    // A name that is there already (in any case) is picked, not added twice.
    fireEvent.change(name, { target: { value: 'routing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByTitle('Routing');
    expect(callsTo(calls, 'admin/settings/trigger.category.add')).toHaveLength(1);
  });

  it('says in the dry run that a ticket does not exist, and stays in the editor with the edits', async () => {
    const { calls } = serve({ 'admin/settings/trigger.dryrun': () => fail('0404', 'Ticket not found') }, [printers]);
    renderApp('/wswt/setting/trigger/edit', { state: editState(5) });
    await screen.findByRole('heading', { name: 'Edit trigger' });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Printers'));
    typeInto('Title', 'Printers and scanners');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Ticket ID' }), { target: { value: '9999' } });
    // Every control of the dry run has a name a screen reader says.
    screen.getByRole('combobox', { name: 'Event' });
    const run = screen.getByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toHaveProperty('disabled', false));
    fireEvent.click(run);
    await screen.findByText('Ticket not found');
    expect(callsTo(calls, 'admin/settings/trigger.dryrun')[0]?.body).toMatchObject({
      ticket_id: 9999,
      draft: { trigger_id: 5, title: 'Printers and scanners' },
    });
    screen.getByRole('heading', { name: 'Edit trigger' });
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Printers and scanners');
  });

  it('runs the dry run on Enter in "Ticket ID", and names the ticket it could not find', async () => {
    const { calls } = serve({ 'admin/settings/trigger.dryrun': () => fail('0404', 'Ticket #999999 was not found') }, [
      printers,
    ]);
    renderApp('/wswt/setting/trigger/edit', { state: editState(5) });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Printers'));
    const id = screen.getByRole('spinbutton', { name: 'Ticket ID' });
    fireEvent.change(id, { target: { value: '999999' } });
    fireEvent.keyDown(id, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Ticket #999999 was not found');
    expect(callsTo(calls, 'admin/settings/trigger.dryrun')[0]?.body).toMatchObject({ ticket_id: 999999 });
    // Enter ran the dry run only: the trigger was not saved.
    expect(callsTo(calls, 'admin/settings/trigger.edit')).toHaveLength(0);
  });

  it('shows the dry run in the words of the editor: states, priorities and events by name, not their keys', async () => {
    serve(
      {
        'admin/settings/trigger.dryrun': () =>
          ok({
            list: [
              {
                trigger_id: 5,
                title: 'Printers',
                fired: true,
                error: null,
                conditions: [
                  {
                    group: 'all',
                    field: 'update_type',
                    operator: 'is',
                    value: 'created',
                    actual: 'created',
                    matched: true,
                  },
                  { group: 'all', field: 'ticket_state', operator: 'is', value: 'new', actual: 'new', matched: true },
                ],
                effects: [
                  { field: 'priority', old: 'normal', new: 'urgent' },
                  { field: 'satisfaction_offered', old: false, new: true },
                ],
              },
            ],
          }),
      },
      [printers],
    );
    renderApp('/wswt/setting/trigger/edit', { state: editState(5) });
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Ticket ID' }), { target: { value: '12' } });
    const run = screen.getByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toHaveProperty('disabled', false));
    fireEvent.click(run);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(table.textContent).toContain('Ticket is Created (Created)'));
    expect(table.textContent).toContain('Status is New (New)');
    expect(table.textContent).toContain('Priority: Normal → Urgent');
    expect(table.textContent).toContain('Satisfaction offered: No → Yes');
  });

  it('says a refusal inside an action or a condition under its editor, naming the row', async () => {
    serve(
      {
        'admin/settings/trigger.edit': () =>
          fail('FFFF', 'Invalid value', {
            fields: { 'actions.0.value': 'field_invalid', 'conditions.all.0.value': 'field_invalid' },
          }),
      },
      [printers],
    );
    renderApp('/wswt/setting/trigger/edit', { state: editState(5) });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Printers'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Action 1: Invalid value');
    screen.getByText('Condition 1: Invalid value');
    screen.getByRole('heading', { name: 'Edit trigger' });
  });

  it('says under "all of" that a trigger needs a condition, and stays in the editor', async () => {
    const { calls } = serve({
      'admin/settings/trigger.add': () =>
        fail('FFFF', 'Add at least one condition', { fields: { 'conditions.all': 'trigger_needs_condition' } }),
    });
    renderApp('/wswt/setting/trigger/add');
    await screen.findByRole('heading', { name: 'Add trigger' });
    typeInto('Title', 'Everything');
    // The keyboard goes on in the row "Add action" adds: its action, then its tags.
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    const action = await screen.findByRole('combobox', { name: 'Action' });
    await waitFor(() => expect(document.activeElement).toBe(action));
    const tags = screen.getByLabelText('Value');
    fireEvent.change(tags, { target: { value: 'everything' } });
    fireEvent.keyDown(tags, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByTitle('everything');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText(/^Add at least one condition: a trigger without one/);
    // Under the "all of" editor, not a toast that goes away.
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="conditions-all"]')).not.toBeNull();
    expect(callsTo(calls, 'admin/settings/trigger.add')).toHaveLength(1);
    screen.getByRole('heading', { name: 'Add trigger' });
  });

  it('picks an action by typing its name and Enter, as a keyboard user does', async () => {
    serve();
    renderApp('/wswt/setting/trigger/add');
    await screen.findByRole('heading', { name: 'Add trigger' });
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    const action = await screen.findByRole('combobox', { name: 'Action' });
    // A browser types into it (read-only, it took no keys: happy-dom's change below would not tell).
    expect(action.hasAttribute('readonly')).toBe(false);
    fireEvent.mouseDown(action);
    fireEvent.change(action, { target: { value: 'Assign' } });
    await waitFor(() =>
      expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual([
        'Assign to',
      ]),
    );
    fireEvent.keyDown(action, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // The row is an assignment now (before, Enter kept the first action, "Add tags").
    await waitFor(() => expect(action.closest('.ant-select')?.textContent).toContain('Assign to'));
    expect(screen.queryByText('Add tags')).toBeNull();
  });

  it("takes the server's refusal off a row's editor once that editor is edited", async () => {
    serve({ 'admin/settings/trigger.edit': () => ok() }, [printers]);
    renderApp('/wswt/setting/trigger/edit', { state: editState(5) });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Printers'));
    // The condition's text emptied and the action's one tag taken out: the server refuses both.
    const [condition, tags] = screen.getAllByLabelText('Value') as [HTMLElement, HTMLElement];
    fireEvent.change(condition, { target: { value: '' } });
    fireEvent.keyDown(tags, { key: 'Backspace', code: 'Backspace', keyCode: 8 });
    await waitFor(() => expect(screen.queryByTitle('printer')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Condition 1: Enter the text to look for');
    screen.getByText('Action 1: Add at least one tag');
    fireEvent.change(condition, { target: { value: 'printer' } });
    await waitFor(() => expect(screen.queryByText(/^Condition 1: /)).toBeNull());
    // The other editor was not touched: its error stays until it is.
    screen.getByText(/^Action 1: /);
    fireEvent.change(tags, { target: { value: 'printer' } });
    fireEvent.keyDown(tags, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText(/^Action 1: /)).toBeNull());
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0);
  });

  it('says when the trigger to edit is gone, instead of loading for ever', async () => {
    serve();
    renderApp('/wswt/setting/trigger/edit', { state: editState(5) });
    await screen.findByText('No record has this id');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Triggers' });
  });
});
