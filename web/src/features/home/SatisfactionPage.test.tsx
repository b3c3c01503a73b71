import type { TSatisfactionGetResponse } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStore } from '../../auth/storage';
import { brandingDefaults, fail, fakeServer, ok, type THandlers } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, chooseLanguage, freshEachTest, typeInto } from '../../test/session';

freshEachTest();

const token = 'Tk_0123456789abcdefghijKL';
const address = `/home/satisfaction?token=${token}`;

function survey(o: Partial<TSatisfactionGetResponse> = {}): TSatisfactionGetResponse {
  return {
    ticket_id: 55,
    subject: 'Printer on fire',
    satisfaction: 'unoffered',
    satisfaction_comment: '',
    rating_open: true,
    ...o,
  };
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

  it('rates in one click from the mail link (score=bad), then asks why and saves the answer with the rating', async () => {
    const { calls } = serve();
    renderApp(`${address}&score=bad`);
    await screen.findByRole('heading', { name: 'Thank you for your feedback' }, { timeout: 10_000 });
    expect(callsTo(calls, 'home/satisfaction.add')).toHaveLength(1);
    expect(callsTo(calls, 'home/satisfaction.add')[0]?.body).toEqual({ token, satisfaction: 'bad', comment: '' });

    // The box has the focus: the unhappy customer can type at once, and Ctrl+Enter sends.
    const why = await screen.findByLabelText('Sorry to hear that. What went wrong?');
    await waitFor(() => expect(document.activeElement).toBe(why));
    fireEvent.keyDown(why, { key: 'Enter', ctrlKey: true });
    await screen.findByText('Please write what went wrong');
    expect(callsTo(calls, 'home/satisfaction.add')).toHaveLength(1);
    typeInto('Sorry to hear that. What went wrong?', ' Nobody answered for a week ');
    fireEvent.keyDown(why, { key: 'Enter', ctrlKey: true });
    await screen.findByText('Your comment has been saved with your rating. Thank you for telling us.');
    expect(callsTo(calls, 'home/satisfaction.add')[1]?.body).toEqual({
      token,
      satisfaction: 'bad',
      comment: 'Nobody answered for a week',
    });
    // "Change my rating" shows the rating with the comment just given.
    fireEvent.click(screen.getByRole('button', { name: 'Change my rating' }));
    expect(((await screen.findByLabelText('Comment (optional)')) as HTMLTextAreaElement).value).toBe(
      'Nobody answered for a week',
    );
  });

  it('asks nothing more after a one-click Good', async () => {
    serve();
    renderApp(`${address}&score=good`);
    await screen.findByRole('heading', { name: 'Thank you for your feedback' }, { timeout: 10_000 });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says plainly that rating is not available while ratings are off, with no form, and sends nothing', async () => {
    const { calls } = serve({ 'home/satisfaction.get': () => ok(survey({ rating_open: false })) });
    renderApp(`${address}&score=bad`);
    await screen.findByRole('heading', { name: 'Rating is not available' }, { timeout: 10_000 });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();
    expect(callsTo(calls, 'home/satisfaction.add')).toHaveLength(0);
  });

  it('says so in Chinese too when ratings are off', async () => {
    serve({ 'home/satisfaction.get': () => ok(survey({ rating_open: false })) });
    await chooseLanguage('zh-cn');
    renderApp(address);
    await screen.findByRole('heading', { name: '暂不接受评价' }, { timeout: 10_000 });
  });

  it("opens in the language the mail's link carries, over the help desk's default, and asks the server in it", async () => {
    const { calls } = serve({ 'home/setting/branding.get': () => ok({ ...brandingDefaults, default_language: 'en' }) });
    renderApp(`${address}&score=bad&lang=zh-cn`);
    await screen.findByRole('heading', { name: '感谢您的反馈' }, { timeout: 10_000 });
    await screen.findByLabelText('很抱歉给您带来不好的体验。请告诉我们哪里做得不好？');
    expect(callsTo(calls, 'home/satisfaction.add')[0]?.headers.Language).toBe('zh-cn');
    // The branding (default English) has loaded by now and did not take over.
    await waitFor(() => expect(callsTo(calls, 'home/setting/branding.get').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    screen.getByRole('heading', { name: '感谢您的反馈' });
    // Not kept as the visitor's own choice: that stays theirs to make.
    expect(languageStore.isSet()).toBe(false);
  });

  it("keeps the visitor's own language choice over the link's", async () => {
    serve();
    await chooseLanguage('en');
    renderApp(`${address}&lang=zh-cn`);
    await screen.findByText('Printer on fire', {}, { timeout: 10_000 });
    screen.getByRole('button', { name: 'Send rating' });
  });

  it("lets the visitor switch away from the link's language", async () => {
    serve();
    renderApp(`${address}&lang=zh-cn`);
    await screen.findByRole('button', { name: '提交评价' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /简体中文/ }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await screen.findByRole('button', { name: 'Send rating' });
    expect(languageStore.get()).toBe('en');
  });
});
