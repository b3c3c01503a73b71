import type { TTicketForm } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { ticketField } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

/** The form item the server's refusal is shown under, and that text. */
const refusedItem = () =>
  Array.from(document.querySelectorAll('.ant-form-item-has-error')).map((item) => [
    item.querySelector('label')?.textContent,
    item.querySelector('.ant-form-item-explain-error')?.textContent,
  ]);

const menus = [
  '/wswt/setting/field',
  '/wswt/setting/field/add',
  '/wswt/setting/field/edit',
  '/wswt/setting/form',
  '/wswt/setting/form/add',
  '/wswt/setting/form/edit',
];
const field = ticketField;
const category = field({
  field_id: 2,
  field_key: 'field_2',
  field_type: 'nested',
  title: 'Category',
  options: [
    { name: 'Hardware::Printer', value: 'hardware::printer' },
    { name: 'Software', value: 'software' },
  ],
});
const form: TTicketForm = {
  form_id: 7,
  form_name: 'Support',
  customer_title: '',
  field_ids: [2, 1],
  conditions: [{ parent_field_id: 2, value: 'hardware::printer', child_field_ids: [1] }],
  form_state: 'active',
  is_default: true,
  position: 1,
  create_ts: 0,
  update_ts: 0,
};

function serve(handlers = {}) {
  return fakeServer({
    menus,
    buttons: ['field.add', 'field.edit', 'form.add', 'form.edit'],
    handlers: {
      'admin/settings/field.all.list': () => ok({ list: [field({}), category] }),
      'admin/settings/field.get': () => ok(category),
      'admin/settings/form.all.list': () => ok({ list: [form] }),
      'admin/settings/form.get': () => ok(form),
      ...handlers,
    },
  });
}

describe('ticket fields and forms settings', () => {
  it('shows the server refusing a title another field has under the title field', async () => {
    const taken = 'A ticket field of this name already exists';
    serve({ 'admin/settings/field.add': () => fail('FFFF', taken, { fields: { title: taken } }) });
    renderApp('/wswt/setting/field/add');
    await screen.findByRole('heading', { name: 'Add ticket field' });
    typeInto('Title for agents', 'plan');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(refusedItem()).toEqual([['Title for agents', taken]]));
  });

  it('lists the fields with their type and who sees them', async () => {
    serve();
    renderApp('/wswt/setting/field');
    // The first screen of the file loads the lazy route and Ant Design: slow on a busy machine.
    within(await screen.findByRole('row', { name: /Category/ }, { timeout: 20_000 })).getByText('Nested drop-down');
    within(screen.getByRole('row', { name: /Order number/ })).getByText('field_1');
  });

  it('adds a nested drop-down: values with every level named, a default that is a value', async () => {
    const { calls } = serve({ 'admin/settings/field.add': () => ok({ field_id: 9 }) });
    renderApp('/wswt/setting/field/add');
    await screen.findByLabelText('Title for agents');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name is required');
    typeInto('Title for agents', 'Category');
    fireEvent.mouseDown(screen.getByLabelText('Type'));
    fireEvent.click(await screen.findByTitle('Nested drop-down'));
    await screen.findByLabelText('Name 1');
    // An empty value row says what is wrong with it.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const row = screen.getByLabelText('Name 1').closest('.ant-form-item') as HTMLElement;
    await within(row).findByText('Name is required');
    typeInto('Name 1', '::Printer');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Parent value is required');
    typeInto('Name 1', 'Hardware::Printer');
    fireEvent.click(screen.getByRole('switch', { name: 'Default value' }));
    await screen.findByLabelText('Default');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Null value not allowed as default');
    fireEvent.mouseDown(screen.getByLabelText('Default'));
    fireEvent.click(await screen.findByTitle('Hardware › Printer'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/field.add')[0]?.body).toMatchObject({
      field_type: 'nested',
      title: 'Category',
      options: [{ name: 'Hardware::Printer', value: '' }],
      has_default: true,
      default_value: 'hardware::printer',
      field_state: 'active',
    });
  });

  it('a form needs a name and fields ("Form name is required", "Must choose field(s)"), keeps their order', async () => {
    const { calls } = serve({ 'admin/settings/form.add': () => ok({ form_id: 8 }) });
    renderApp('/wswt/setting/form/add');
    await screen.findByLabelText('Form name');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Form name is required');
    await screen.findByText('Must choose field(s)');
    typeInto('Form name', 'Hardware');
    for (const title of ['Order number (Text)', 'Category (Nested drop-down)']) {
      fireEvent.mouseDown(screen.getByLabelText('Fields'));
      fireEvent.click(await screen.findByTitle(title));
    }
    // Category up above Order number.
    fireEvent.click(screen.getAllByRole('button', { name: 'Move up' })[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/form.add')[0]?.body).toEqual({
      form_name: 'Hardware',
      customer_title: '',
      field_ids: [2, 1],
      conditions: [],
      is_default: false,
      form_state: 'active',
    });
  });

  it('edits a form with its condition, sent back as it was', async () => {
    const { calls } = serve({ 'admin/settings/form.edit': () => ok(null) });
    renderApp('/wswt/setting/form');
    fireEvent.click(within(await screen.findByRole('row', { name: /Support/ })).getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect((screen.getByLabelText('Form name') as HTMLInputElement).value).toBe('Support'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/form.edit')[0]?.body).toMatchObject({
      form_id: 7,
      field_ids: [2, 1],
      conditions: [{ parent_field_id: 2, value: 'hardware::printer', child_field_ids: [1] }],
      is_default: true,
    });
  });
});
