import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page } from '../../test/fakeServer';
import { shortcut } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

/** The form item the server's refusal is shown under, and that text. */
const refusedItem = () =>
  Array.from(document.querySelectorAll('.ant-form-item-has-error')).map((item) => [
    item.querySelector('label')?.textContent,
    item.querySelector('.ant-form-item-explain-error')?.textContent,
  ]);

const agent = account();
const menus = ['/wswt/setting/shortcut', '/wswt/setting/shortcut/add', '/wswt/setting/shortcut/edit'];
const greeting = shortcut({ tag_ids: [12], choice_list: ['Yes', 'No'] });

function serve(handlers = {}, buttons = ['shortcut.add', 'shortcut.edit', 'shortcut.delete']) {
  return fakeServer({
    user: agent,
    menus,
    buttons,
    handlers: {
      'admin/settings/shortcut.list': () => page([greeting]),
      'admin/settings/shortcut.get': () => ok(greeting),
      ...handlers,
    },
  });
}

describe('shortcuts', () => {
  it('shows the server refusing a title the agent has already under the name field', async () => {
    const taken = 'A shortcut of this name already exists';
    serve({ 'admin/settings/shortcut.add': () => fail('FFFF', taken, { fields: { title: taken } }) });
    renderApp('/wswt/setting/shortcut/add');
    await screen.findByRole('heading', { name: 'Add shortcut' });
    typeInto('Name', 'hi');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(refusedItem()).toEqual([['Name', taken]]));
  });

  it('lists the shortcuts with who sees them', async () => {
    serve();
    renderApp('/wswt/setting/shortcut');
    const row = await screen.findByRole('row', { name: /Greeting/ });
    within(row).getByText('All agents');
  });

  it('asks for a name, then adds the shortcut with its quick answers', async () => {
    const { calls } = serve({ 'admin/settings/shortcut.add': () => ok({ shortcut_id: 7 }) });
    renderApp('/wswt/setting/shortcut/add');
    await screen.findByRole('heading', { name: 'Add shortcut' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    typeInto('Name', 'Refund');
    typeInto('Message', 'Your refund is on its way.');
    const choices = screen.getByLabelText('Quick answers');
    fireEvent.change(choices, { target: { value: 'Thanks' } });
    fireEvent.keyDown(choices, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('radio', { name: 'All agents' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/shortcut.add')[0]?.body).toEqual({
      title: 'Refund',
      message: 'Your refund is on its way.',
      allow_type: 'all',
      choice_list: ['Thanks'],
      tag_ids: [],
    });
  });

  it('edits the chosen shortcut, keeping its tags', async () => {
    const { calls } = serve({ 'admin/settings/shortcut.edit': () => ok(null) });
    renderApp('/wswt/setting/shortcut');
    fireEvent.click(within(await screen.findByRole('row', { name: /Greeting/ })).getByRole('button', { name: /Edit/ }));
    await screen.findByRole('heading', { name: 'Edit shortcut' });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Greeting'));
    typeInto('Name', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/shortcut.edit')[0]?.body).toMatchObject({
      shortcut_id: 6,
      title: 'Hello',
      tag_ids: [12],
      choice_list: ['Yes', 'No'],
    });
  });

  it('sends the edit screen opened without a chosen shortcut back to the list', async () => {
    serve();
    const { here } = renderApp('/wswt/setting/shortcut/edit');
    await screen.findByRole('heading', { name: 'Shortcuts' });
    expect(here()).toBe('/wswt/setting/shortcut');
  });

  it('deletes after "Are you sure to delete?"', async () => {
    const { calls } = serve({ 'admin/settings/shortcut.delete': () => ok(null) });
    renderApp('/wswt/setting/shortcut');
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Greeting/ })).getByRole('button', { name: /Delete/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Are you sure to delete?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(calls, 'admin/settings/shortcut.delete')[0]?.body).toEqual({ shortcut_ids: [6] });
  });

  it('hides add, edit and delete without their nodes', async () => {
    serve({}, ['black.add']);
    renderApp('/wswt/setting/shortcut');
    await screen.findByRole('row', { name: /Greeting/ });
    await screen.findAllByRole('menu');
    expect(screen.queryByRole('link', { name: /Add shortcut/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });
});
