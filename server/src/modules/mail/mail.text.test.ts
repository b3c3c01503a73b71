import { ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { agent, api } from '../../../test/kit.js';
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
});
