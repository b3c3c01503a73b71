import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fakeServer';
import { ticketField } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, chooseLanguage, signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown, typeComment } from '../../../test/ticketPage';

signInEachTest();
vi.setConfig({ testTimeout: 60_000 });

// happy-dom answers media queries from its viewport (1024 × 768 unless a test changes it).
const viewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 812 });

beforeEach(() => viewport(375));
afterEach(() => viewport(1024));

/** The properties' head on a phone: one button, named by its title and what the ticket's are. */
const propertiesButton = () => screen.getByRole('button', { name: /^Properties/ });
const propertiesBody = () =>
  document.getElementById(propertiesButton().getAttribute('aria-controls') ?? '') as HTMLElement;
const comesBefore = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('a ticket on a phone', () => {
  it('has its properties at the top, folded to what they are, above the conversation and the composer', async () => {
    serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(15_000);
    const head = propertiesButton();
    expect(head.getAttribute('aria-expanded')).toBe('false');
    expect(head.textContent).toContain('Unassigned · No group · Normal · Question');
    expect(comesBefore(head, screen.getByRole('tab', { name: 'Conversation' }))).toBe(true);
    expect(comesBefore(head, screen.getByRole('textbox', { name: 'Comment' }))).toBe(true);
    expect(comesBefore(head, screen.getByText('Requester'))).toBe(true);
    // Folded: the fields are drawn (the composer submits them) but not shown.
    expect(propertiesBody().hidden).toBe(true);
    expect(propertiesBody().contains(screen.getByLabelText('Priority'))).toBe(true);
  });

  it('unfolds on a tap; a changed priority shows in the head and goes with the submit', async () => {
    const { calls } = serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(15_000);
    fireEvent.click(propertiesButton());
    expect(propertiesButton().getAttribute('aria-expanded')).toBe('true');
    expect(propertiesBody().hidden).toBe(false);
    fireEvent.mouseDown(within(propertiesBody()).getByLabelText('Priority'));
    fireEvent.click(await screen.findByTitle('High'));
    await waitFor(() => expect(propertiesButton().textContent).toContain('Unassigned · No group · High · Question'));
    fireEvent.click(propertiesButton());
    expect(propertiesBody().hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ priority: 'high', submit_as: 'open' });
  });

  it('unfolds them when a submit is refused for a property (a field required to solve)', async () => {
    serveTicket({
      handlers: {
        'admin/settings/field.all.list': () =>
          ok({ list: [ticketField({ field_id: 5, field_key: 'field_5', title: 'Product', required_to_solve: true })] }),
        'admin/ticket.edit': () =>
          fail('FFFF', 'Product is required to solve the ticket', { fields: { field_5: 'required_field' } }),
      },
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(15_000);
    expect(propertiesBody().hidden).toBe(true);
    typeComment('Fixed');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as…' }));
    fireEvent.click(await screen.findByText('Submit as Solved'));
    await within(propertiesBody()).findByText('This field is required');
    expect(propertiesButton().getAttribute('aria-expanded')).toBe('true');
    expect(propertiesBody().hidden).toBe(false);
  });

  it('names the head in Chinese', async () => {
    await chooseLanguage('zh-cn');
    serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(15_000);
    const head = screen.getByRole('button', { name: /^属性/ });
    expect(head.textContent).toContain('未指派');
    await chooseLanguage('en');
  });
});

describe('a ticket on a wide screen', () => {
  it('keeps its properties beside the conversation, unfolded, as a card of their own', async () => {
    viewport(1280);
    serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(15_000);
    expect(screen.queryByRole('button', { name: /^Properties/ })).toBeNull();
    const card = screen.getByText('Properties').closest('.ant-card') as HTMLElement;
    expect(within(card).getByLabelText('Priority')).toBeTruthy();
    expect(comesBefore(screen.getByRole('textbox', { name: 'Comment' }), card)).toBe(true);
  });
});
