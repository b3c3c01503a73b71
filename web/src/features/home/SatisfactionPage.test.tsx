import type { TSatisfactionGetResponse } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, type THandlers } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, chooseLanguage, freshEachTest, typeInto } from '../../test/session';

freshEachTest();

const token = 'Tk_0123456789abcdefghijKL';
const address = `/home/satisfaction?token=${token}`;

function survey(o: Partial<TSatisfactionGetResponse> = {}): TSatisfactionGetResponse {
  return { ticket_id: 55, subject: 'Printer on fire', satisfaction: 'unoffered', satisfaction_comment: '', ...o };
}

function serve(handlers: THandlers = {}) {
  return fakeServer({
    handlers: {
      'home/satisfaction.get': () => ok(survey()),
      'home/satisfaction.add': () => ok(null),
      ...handlers,
    },
  });
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));

describe('satisfaction survey', () => {
  it('shows the ticket, asks for a rating, saves it with the comment and thanks the requester', async () => {
    const { calls } = serve();
    renderApp(address);
    await screen.findByText('Printer on fire', {}, { timeout: 10_000 });
    screen.getByText('#55');
    expect(callsTo(calls, 'home/satisfaction.get')[0]?.query.get('token')).toBe(token);
    send();
    await screen.findByText('Please choose Good or Bad');
    expect(callsTo(calls, 'home/satisfaction.add')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Good' }));
    typeInto('Comment (optional)', ' Quick and kind ');
    send();
    await screen.findByRole('heading', { name: 'Thank you for your feedback' });
    screen.getByText('Your rating of ticket #55 (Good) has been saved.');
    expect(callsTo(calls, 'home/satisfaction.add')[0]?.body).toEqual({
      token,
      satisfaction: 'good',
      comment: 'Quick and kind',
    });
  });

  it('shows a rating given before and lets the requester change it', async () => {
    const { calls } = serve({
      'home/satisfaction.get': () => ok(survey({ satisfaction: 'good', satisfaction_comment: 'Fine' })),
    });
    renderApp(address);
    await screen.findByText('You rated this ticket Good. You can change your rating below.', {}, { timeout: 10_000 });
    expect((screen.getByRole('radio', { name: 'Good' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('Fine');
    fireEvent.click(screen.getByRole('radio', { name: 'Bad' }));
    send();
    await screen.findByRole('heading', { name: 'Thank you for your feedback' });
    expect(callsTo(calls, 'home/satisfaction.add')[0]?.body).toEqual({ token, satisfaction: 'bad', comment: 'Fine' });

    // Changing it again opens the form with the rating just given.
    fireEvent.click(screen.getByRole('button', { name: 'Change my rating' }));
    await screen.findByText('You rated this ticket Bad. You can change your rating below.');
    expect((screen.getByRole('radio', { name: 'Bad' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says plainly when the link has no token, and asks the server nothing', async () => {
    const { calls } = serve();
    renderApp('/home/satisfaction');
    await screen.findByRole('heading', { name: 'This survey link does not work' }, { timeout: 10_000 });
    expect(callsTo(calls, 'home/satisfaction.get')).toHaveLength(0);
    screen.getByRole('link', { name: 'Submit a new ticket' });
  });

  it('says plainly when no ticket has the token, and stays on the page', async () => {
    serve({ 'home/satisfaction.get': () => fail('0404', 'Not found') });
    const { here } = renderApp(address);
    await screen.findByRole('heading', { name: 'This survey link does not work' }, { timeout: 10_000 });
    expect(here()).toBe(address);
  });

  it('offers a retry when the survey cannot be loaded', async () => {
    let answers = 0;
    serve({
      'home/satisfaction.get': () => {
        answers += 1;
        return answers === 1 ? fail('0500', 'Something went wrong on our side; please try again') : ok(survey());
      },
    });
    renderApp(address);
    await screen.findByRole('heading', { name: 'The survey could not be loaded' }, { timeout: 10_000 });
    screen.getByText('Something went wrong on our side; please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Printer on fire');
  });

  it("shows the server's refusal and keeps the choice", async () => {
    serve({ 'home/satisfaction.add': () => fail('FFFF', 'Rating is not available for this ticket') });
    renderApp(address);
    await screen.findByText('Printer on fire', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('radio', { name: 'Bad' }));
    typeInto('Comment (optional)', 'Slow');
    send();
    await screen.findByText('Rating is not available for this ticket');
    await waitFor(() => screen.getByRole('button', { name: 'Send rating' }));
    expect((screen.getByRole('radio', { name: 'Bad' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('Slow');
  });

  it('speaks Chinese', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp(address);
    await screen.findByText('您对我们的服务满意吗？', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    await screen.findByText('请选择满意或不满意');
  });

  it('rates in one click from the mail link (score=bad) and still lets the requester add a comment', async () => {
    const { calls } = serve();
    renderApp(`${address}&score=bad`);
    await screen.findByRole('heading', { name: 'Thank you for your feedback' }, { timeout: 10_000 });
    expect(callsTo(calls, 'home/satisfaction.add')).toHaveLength(1);
    expect(callsTo(calls, 'home/satisfaction.add')[0]?.body).toEqual({ token, satisfaction: 'bad', comment: '' });
  });
});
