import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const menus = ['/wswt/setting/tag', '/wswt/setting/tag/add', '/wswt/setting/tag/edit', '/wswt/search'];
const vip = { tag_name: 'vip', ticket_count: 12, count_estimated: false, create_ts: 0 };
const billing = { tag_name: 'billing', ticket_count: 10001, count_estimated: true, create_ts: 0 };

function serve(handlers = {}, enable_tag = true) {
  return fakeServer({
    menus,
    buttons: ['tag.add', 'tag.edit', 'tag.delete'],
    handlers: {
      'admin/settings/tag.list': () => ok({ list: [billing, vip], total: 2, enable_tag }),
      'admin/settings/tag.get': () => ok(vip),
      ...handlers,
    },
  });
}

describe('tags', () => {
  it('lists the tags with their number of tickets', async () => {
    serve();
    renderApp('/wswt/setting/tag');
    within(await screen.findByRole('row', { name: /vip/ })).getByText('12');
    within(screen.getByRole('row', { name: /billing/ })).getByText('10,001+');
  });

  it('renames a tag, asking for a name first', async () => {
    const { calls } = serve({ 'admin/settings/tag.edit': () => ok({ ticket_count: 12 }) });
    renderApp('/wswt/setting/tag');
    fireEvent.click(within(await screen.findByRole('row', { name: /vip/ })).getByRole('button', { name: /Edit/ }));
    await screen.findByRole('heading', { name: 'Edit tag' });
    await screen.findByText('Tickets carrying this tag: 12. They follow the new name.');
    await waitFor(() => expect((screen.getByLabelText('Tag name') as HTMLInputElement).value).toBe('vip'));
    typeInto('Tag name', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tag name is required');
    typeInto('Tag name', 'gold');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/tag.edit')[0]?.body).toEqual({ tag_name: 'vip', new_name: 'gold' });
  });

  it('merges the selected tags into one of them', async () => {
    const { calls } = serve({ 'admin/settings/tag.merge': () => ok({ ticket_count: 3 }) });
    renderApp('/wswt/setting/tag');
    const merge = await screen.findByRole('button', { name: /Merge/ });
    expect(merge.closest('button')?.disabled).toBe(true);
    for (const name of [/vip/, /billing/]) {
      fireEvent.click(within(screen.getByRole('row', { name })).getByRole('checkbox'));
    }
    fireEvent.click(merge);
    const dialog = await screen.findByRole('dialog');
    // The empty picker says what to choose.
    within(dialog).getByText('Choose the tag to keep');
    fireEvent.click(within(dialog).getByRole('button', { name: /Merge/ }));
    await within(dialog).findByText('Tag name is required');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('vip'));
    fireEvent.click(within(dialog).getByRole('button', { name: /Merge/ }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/tag.merge')[0]?.body).toEqual({ tag_names: ['billing'], into: 'vip' });
  });

  it('says tags are off, and offers no changes, while the ticket setting is off', async () => {
    serve({}, false);
    renderApp('/wswt/setting/tag');
    await screen.findByText(/Tags are turned off in the ticket settings/);
    expect(within(screen.getByRole('row', { name: /vip/ })).queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});
