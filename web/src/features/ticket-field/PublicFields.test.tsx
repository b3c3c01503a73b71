import type { TPublicForm } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, freshEachTest, typeInto } from '../../test/session';

freshEachTest();

const hardware: TPublicForm = {
  form_id: 3,
  form_name: 'Hardware problem',
  fields: [
    {
      field_id: 11,
      field_key: 'field_11',
      field_type: 'nested',
      title: 'Product',
      description: '',
      required: true,
      default_value: null,
      options: [
        { name: 'Hardware::Printer', value: 'hardware::printer' },
        { name: 'Software', value: 'software' },
      ],
      regex_pattern: null,
    },
    {
      field_id: 12,
      field_key: 'field_12',
      field_type: 'regex',
      title: 'Serial',
      description: '',
      required: true,
      default_value: null,
      options: [],
      regex_pattern: 'SN\\d{3}',
    },
  ],
  conditions: [{ parent_field_id: 11, value: 'hardware::printer', child_field_ids: [12] }],
};

describe('the public form with ticket fields', () => {
  it('asks the form fields, shows one only when its condition holds, and sends the values with the form', async () => {
    const { calls } = fakeServer({
      handlers: {
        'home/ticket.form.get': () =>
          ok({ can_attach: false, forms: [{ form_id: 3, form_name: 'Hardware problem' }], form: hardware }),
        'home/ticket.add': () => ok({ ticket_id: 77 }),
      },
    });
    renderApp('/');
    await screen.findByLabelText('Product', {}, { timeout: 20_000 });
    expect(screen.queryByLabelText('Serial')).toBeNull();
    typeInto('Email', 'pat@example.com');
    typeInto('Name', 'Pat');
    typeInto('Subject', 'Printer');
    typeInto('Description', 'It smokes');
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByText('This field is required');
    fireEvent.mouseDown(screen.getByLabelText('Product'));
    fireEvent.click(await screen.findByTitle('Hardware › Printer'));
    await screen.findByLabelText('Serial');
    typeInto('Serial', 'SN12');
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByText('Does not match the required format');
    typeInto('Serial', 'SN123');
    fireEvent.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await screen.findByText(/#77/);
    expect(callsTo(calls, 'home/ticket.add')[0]?.body).toMatchObject({
      form_id: 3,
      fields: { field_11: 'hardware::printer', field_12: 'SN123' },
    });
  });
});
