import { mailOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agent, api, db } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';

const { customer, rawMail, fetchNow, ticketOf, inboxOf, support } = setUpMailTests();

/** A ticket opened by a mail from `who`, its "received" mail read. */
async function ticketFrom(who: string, subject: string) {
  const first = rawMail({ from: who, subject });
  await servers.deliver(support, first.raw);
  await fetchNow();
  await inboxOf(who);
  return Number(await ticketOf(first.messageId));
}

/** The most <p> tags the markup has open at once (2: a <p> written inside a <p>, which HTML forbids). */
function openParagraphs(html: string): number {
  let open = 0;
  let most = 0;
  for (const [tag] of html.matchAll(/<\/?p\b[^>]*>/gi)) {
    open += tag.startsWith('</') ? -1 : 1;
    most = Math.max(most, open);
  }
  return most;
}

describe('what a reply mail reads like', () => {
  it('has a plain-text part as a person writes it: no stray spaces, blank lines between paragraphs, links and quoted history', async () => {
    const rosa = customer('rosa');
    const ticketId = await ticketFrom(rosa, 'Router keeps rebooting');
    const helper = await agent({ realName: 'Tess Tech' });
    const reply = (body: string) =>
      api(ticketOps.edit, { ticket_id: ticketId, comment: { body, is_public: true } }, helper.token);
    expect((await reply('<p>Which <i>model</i> is it?</p>')).code).toBe('0000');
    expect(
      (
        await reply(
          '<p>Please <b>unplug it now</b>. Wait ten seconds.</p><p>Then follow <a href="https://help.example.test/reset">the reset guide</a>, step <b>3</b>!</p>',
        )
      ).code,
    ).toBe('0000');
    const mails = await inboxOf(rosa);
    const text = mails.find((m) => m.source.includes('unplug'))?.parsed.text ?? '';
    expect(text).toContain(
      'Please unplug it now. Wait ten seconds.\n\nThen follow the reset guide (https://help.example.test/reset), step 3!',
    );
    expect(text).not.toMatch(/^ /m);
    expect(text).not.toMatch(/ [.,!?:;]/);
    // The earlier comments are quoted, each line behind "> ".
    const quoted = text.split('\n').filter((line) => line.startsWith('>'));
    expect(quoted.some((line) => line === '> Which model is it?')).toBe(true);
    expect(quoted.some((line) => line.startsWith('> Tess Tech · '))).toBe(true);
    expect(text).not.toMatch(/^Which model is it\?$/m);
  });

  it("writes the agent's signature in valid HTML, also where a template wraps it in a paragraph", async () => {
    const sam = customer('sam');
    const ticketId = await ticketFrom(sam, 'Invoice copy');
    const helper = await agent({ realName: 'Uma Upton' });
    await db().execute(
      sql`UPDATE account SET signature = ${'Uma Upton\nBilling team'}, enable_signature = true WHERE account_id = ${helper.accountId}`,
    );
    const reply = (body: string) =>
      api(ticketOps.edit, { ticket_id: ticketId, comment: { body, is_public: true } }, helper.token);
    expect((await reply('<p>Here it is.</p>')).code).toBe('0000');
    const html = String((await inboxOf(sam)).at(-1)?.parsed.html);
    expect(openParagraphs(html)).toBe(1);
    expect(html).toContain('Uma Upton<br>Billing team');

    // An admin's template that puts the signature inside a paragraph of its own.
    const custom = '{{latest_reply_html}}<p>Kind regards,<br>{{signature_html}}</p>';
    const edit = (subject: string, body: string) =>
      api(mailOps.templateEdit, { name: 'public_reply', lang: 'en', subject, body });
    expect((await edit('Re: {{subject}}', custom)).code).toBe('0000');
    try {
      expect((await reply('<p>Anything else?</p>')).code).toBe('0000');
      const wrapped = String((await inboxOf(sam)).at(-1)?.parsed.html);
      expect(openParagraphs(wrapped)).toBe(1);
      expect(wrapped).toContain('Kind regards,<br><span style="color:#555">Uma Upton<br>Billing team</span>');
    } finally {
      await edit('', '');
    }
  });
});
