import type { TPublicField, TPublicForm } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, holdCalls, ok, type THandlers } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, chooseLanguage, freshEachTest, typeInto } from '../../test/session';

freshEachTest();

const fileId = 'AbCdEfGhIjKlMnOpQrStUv';

function serve(handlers: THandlers = {}) {
  return fakeServer({
    handlers: {
      'home/upload': (c) => {
        const file = c.form?.get('file');
        const name = file instanceof File ? file.name : 'file';
        return ok({ file_id: fileId, file_name: name, size: 3, content_type: 'text/plain' });
      },
      'home/ticket.add': () => ok({ ticket_id: 77 }),
      'home/ticket.form.get': () => ok({ can_attach: true, forms: [], form: null }),
      ...handlers,
    },
  });
}

async function openForm() {
  const view = renderApp('/');
  await screen.findByRole('button', { name: 'Submit ticket' }, { timeout: 10_000 });
  return view;
}

function fillForm() {
  typeInto('Email', 'Pat@Example.com');
  typeInto('Name', 'Pat Doe');
  typeInto('Subject', ' Printer on fire ');
  typeInto('Description', 'It smokes.\nPlease help.');
}

function chooseFile(...files: File[]) {
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /Submit ticket|Sending/ }));

describe('public ticket form', () => {
  it('shows the spec messages for missing and wrong fields, and sends nothing', async () => {
    const { calls } = serve();
    await openForm();
    // Required as a screen reader says it, not only the label's asterisk.
    for (const name of ['Email', 'Name', 'Subject', 'Description']) {
      expect(screen.getByRole('textbox', { name }).getAttribute('aria-required')).toBe('true');
    }
    submit();
    await screen.findByText('Email is required');
    screen.getByText('Name is required');
    screen.getByText('Subject is required');
    screen.getByText('Description is required');
    typeInto('Email', 'not-an-email');
    fireEvent.blur(screen.getByLabelText('Email'));
    await screen.findByText('Incorrect mailbox format');
    expect(callsTo(calls, 'home/ticket.add')).toHaveLength(0);
  });

  it('uploads an attachment, sends the ticket and shows its number', async () => {
    const { calls } = serve();
    await openForm();
    chooseFile(new File(['abc'], 'photo.txt', { type: 'text/plain' }));
    await screen.findByText('photo.txt');
    await waitFor(() => expect(callsTo(calls, 'home/upload')).toHaveLength(1));
    const sent = callsTo(calls, 'home/upload')[0]?.form?.get('file');
    expect(sent instanceof File && sent.name).toBe('photo.txt');
    fillForm();
    fireEvent.submit(screen.getByLabelText('Subject'));
    await screen.findByRole('heading', { name: 'Your ticket has been submitted' });
    screen.getByText('#77');
    screen.getByText('We will reply to Pat@Example.com as soon as we can.');
    expect(callsTo(calls, 'home/ticket.add')[0]?.body).toEqual({
      email: 'Pat@Example.com',
      real_name: 'Pat Doe',
      subject: 'Printer on fire',
      description: 'It smokes.\nPlease help.',
      file_ids: [fileId],
    });

    // A next ticket keeps who the visitor is, not what the last one was about.
    fireEvent.click(screen.getByRole('button', { name: 'Submit another ticket' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('Pat@Example.com');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Pat Doe');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('photo.txt')).toBeNull();
  });

  it('keeps what was typed through a reload of the tab, until the ticket is sent', async () => {
    const { calls } = serve();
    await openForm();
    fillForm();
    // The tab reloads: the page starts again from nothing but what the tab kept.
    cleanup();
    await openForm();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('Pat@Example.com');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(' Printer on fire ');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('It smokes.\nPlease help.');
    submit();
    await screen.findByRole('heading', { name: 'Your ticket has been submitted' });
    expect(callsTo(calls, 'home/ticket.add')[0]?.body).toMatchObject({ subject: 'Printer on fire' });
    // Sent: a reload now starts a new ticket.
    cleanup();
    await openForm();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
  });

  it('offers no attachments when the ticket settings turn them off', async () => {
    serve({ 'home/ticket.form.get': () => ok({ can_attach: false, forms: [], form: null }) });
    await openForm();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Add files/ })).toBeNull());
    screen.getByLabelText('Subject');
  });

  it('refuses a file over 20M before uploading it', async () => {
    const { calls } = serve();
    await openForm();
    const big = new File(['x'], 'big.iso');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    chooseFile(big);
    await screen.findByText('Not added: big.iso. File size cannot exceed 20M');
    expect(callsTo(calls, 'home/upload')).toHaveLength(0);
  });

  it('takes several files chosen at once, lists each, and sends those left after one is removed', async () => {
    let n = 0;
    const { calls } = serve({
      'home/upload': (c) => {
        const file = c.form?.get('file');
        n += 1;
        return ok({
          file_id: `${fileId.slice(0, 21)}${n}`,
          file_name: file instanceof File ? file.name : '',
          size: 3,
          content_type: 'text/plain',
        });
      },
    });
    await openForm();
    expect(document.querySelector('input[type="file"]')?.hasAttribute('multiple')).toBe(true);
    chooseFile(new File(['a'], 'one.txt'), new File(['b'], 'two.txt'), new File(['c'], 'three.txt'));
    await screen.findByText('one.txt');
    screen.getByText('two.txt');
    screen.getByText('three.txt');
    await waitFor(() => expect(callsTo(calls, 'home/upload')).toHaveLength(3));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove two.txt' }));
    expect(screen.queryByText('two.txt')).toBeNull();
    fillForm();
    submit();
    await screen.findByText('#77');
    expect(callsTo(calls, 'home/ticket.add')[0]?.body).toMatchObject({
      file_ids: [`${fileId.slice(0, 21)}1`, `${fileId.slice(0, 21)}3`],
    });
  });

  it('names the files left out of a choice: too large, or past the 20 files the server takes', async () => {
    const { calls } = serve();
    await openForm();
    const big = new File(['x'], 'big.iso');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    const many = Array.from({ length: 21 }, (_, i) => new File(['a'], `f${i + 1}.txt`));
    chooseFile(big, ...many);
    await screen.findByText('Not added: big.iso. File size cannot exceed 20M');
    screen.getByText('Not added: f21.txt. You can attach up to 20 files');
    await waitFor(() => expect(callsTo(calls, 'home/upload')).toHaveLength(20));
    screen.getByText('f20.txt');
    expect(screen.queryByText('f21.txt')).toBeNull();
  });

  it('says in Chinese which files were left out', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/');
    await screen.findByRole('button', { name: '提交工单' }, { timeout: 10_000 });
    const big = new File(['x'], 'big.iso');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    chooseFile(big);
    await screen.findByText('未添加：big.iso。文件大小不能超过 20M');
  });

  it('refuses a second submit while the first is being sent', async () => {
    const { calls } = serve();
    await openForm();
    const release = holdCalls('home/ticket.add');
    fillForm();
    submit();
    await screen.findByRole('button', { name: /Sending…/ });
    submit();
    await screen.findByText('A message is being sent, please resubmit later');
    release();
    await screen.findByText('#77');
    expect(callsTo(calls, 'home/ticket.add')).toHaveLength(1);
  });

  it('refuses to submit, or to upload another file, while an upload runs', async () => {
    const { calls } = serve();
    await openForm();
    const release = holdCalls('home/upload');
    chooseFile(new File(['abc'], 'first.txt'));
    await screen.findByText('first.txt');
    chooseFile(new File(['abc'], 'second.txt'));
    await screen.findByText('An upload is in progress, please resubmit later');
    fillForm();
    submit();
    await waitFor(() => expect(screen.getAllByText('An upload is in progress, please resubmit later').length).toBe(2));
    expect(callsTo(calls, 'home/ticket.add')).toHaveLength(0);
    release();
    await waitFor(() => expect(callsTo(calls, 'home/upload')).toHaveLength(1));
    expect(screen.queryByText('second.txt')).toBeNull();
  });

  it('shows a refusal from the server and keeps everything typed', async () => {
    const { calls } = serve({
      'home/ticket.add': () => fail('FFFF', 'Your request cannot be accepted. Please contact us another way'),
    });
    await openForm();
    chooseFile(new File(['abc'], 'log.txt'));
    await waitFor(() => expect(callsTo(calls, 'home/upload')).toHaveLength(1));
    fillForm();
    submit();
    await screen.findByText('Your request cannot be accepted. Please contact us another way');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('Pat@Example.com');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(' Printer on fire ');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('It smokes.\nPlease help.');
    screen.getByText('log.txt');
    screen.getByRole('button', { name: 'Submit ticket' });
  });

  it('marks the email of a suspended requester', async () => {
    serve({
      'home/ticket.add': () =>
        fail('FFFF', 'User has been suspended', { fields: { email: 'User has been suspended' } }),
    });
    await openForm();
    fillForm();
    submit();
    await waitFor(() => expect(screen.getAllByText('User has been suspended').length).toBe(2));
  });

  it('speaks Chinese, messages included', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '提交工单' }, { timeout: 10_000 }));
    await screen.findByText('请输入主题');
    screen.getByText('请输入描述');
    // Under 姓名, a person's name: not 名称 (the name of a thing).
    screen.getByText('请输入姓名');
  });

  it('hints at Ctrl+Enter under the description, but not on a touch screen, which has no Ctrl key', async () => {
    serve();
    await openForm();
    expect(
      document.getElementById(screen.getByLabelText('Description').getAttribute('aria-describedby') ?? ''),
    ).toHaveProperty('textContent', 'Press Ctrl+Enter to submit.');
    cleanup();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
    await openForm();
    expect(screen.queryByText('Press Ctrl+Enter to submit.')).toBeNull();
    expect(screen.getByLabelText('Description').getAttribute('aria-describedby')).toBeNull();
  });

  it('has a quiet way in for staff', async () => {
    serve();
    const { here } = await openForm();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(here()).toBe('/wswt/login'));
  });
});

const numberField = (fieldId: number, type: 'number' | 'decimal', title: string): TPublicField => ({
  field_id: fieldId,
  field_key: `field_${fieldId}`,
  field_type: type,
  title,
  description: '',
  required: false,
  default_value: null,
  options: [],
  regex_pattern: null,
});

const numbers: TPublicForm = {
  form_id: 4,
  form_name: 'Order',
  fields: [numberField(21, 'number', 'Seats'), numberField(22, 'decimal', 'Budget')],
  conditions: [],
};

describe('number fields of the public form', () => {
  const serveNumbers = () =>
    serve({ 'home/ticket.form.get': () => ok({ can_attach: false, forms: [numbers], form: numbers }) });

  it('says under the field what is wrong with a number, sends nothing, then sends it as typed', async () => {
    const { calls } = serveNumbers();
    await openForm();
    await screen.findByLabelText('Seats', {}, { timeout: 20_000 });
    fillForm();
    typeInto('Seats', '12.5');
    typeInto('Budget', 'abc');
    submit();
    await screen.findByText('Enter a whole number');
    screen.getByText('Enter a number');
    // Under its own input: the message is the input's description.
    const seats = screen.getByLabelText('Seats');
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(seats.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a whole number',
    );
    expect((screen.getByLabelText('Seats') as HTMLInputElement).value).toBe('12.5');
    expect((screen.getByLabelText('Budget') as HTMLInputElement).value).toBe('abc');
    expect(callsTo(calls, 'home/ticket.add')).toHaveLength(0);
    typeInto('Seats', '12');
    typeInto('Budget', '12.50');
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    expect((screen.getByLabelText('Budget') as HTMLInputElement).value).toBe('12.50');
    submit();
    await screen.findByRole('heading', { name: 'Your ticket has been submitted' });
    expect(callsTo(calls, 'home/ticket.add')[0]?.body).toMatchObject({
      form_id: 4,
      fields: { field_21: 12, field_22: 12.5 },
    });
  });

  it('says it in Chinese too', async () => {
    serveNumbers();
    await chooseLanguage('zh-cn');
    renderApp('/');
    await screen.findByLabelText('Seats', {}, { timeout: 20_000 });
    typeInto('Seats', '3.7');
    typeInto('Budget', '1,5');
    fireEvent.click(screen.getByRole('button', { name: '提交工单' }));
    await screen.findByText('请输入整数');
    screen.getByText('请输入数字');
  });
});

describe('a required checkbox of the public form', () => {
  it('is marked as required like the other required fields, its text shown once', async () => {
    const terms: TPublicField = {
      ...numberField(31, 'number', 'I accept the terms'),
      field_type: 'checkbox',
      required: true,
    };
    const form: TPublicForm = { form_id: 5, form_name: 'Terms', fields: [terms], conditions: [] };
    serve({ 'home/ticket.form.get': () => ok({ can_attach: false, forms: [form], form }) });
    await openForm();
    const box = await screen.findByLabelText('I accept the terms', {}, { timeout: 20_000 });
    expect(box.closest('label')?.hasAttribute('data-required')).toBe(true);
    expect(screen.getAllByText('I accept the terms')).toHaveLength(1);
  });
});
