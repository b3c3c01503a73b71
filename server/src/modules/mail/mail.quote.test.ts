import { describe, expect, it } from 'vitest';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';

const { run, customer, rawMail, fetchNow, ticketOf, support, comments } = setUpMailTests();

/** Delivers one mail and answers the body of the comment it became. */
async function bodyOf(raw: string, messageId: string): Promise<string> {
  await servers.deliver(support, raw);
  expect(Object.values(await fetchNow())).toEqual([1]);
  const list = await comments(Number(await ticketOf(messageId)));
  return list[list.length - 1]?.body ?? '';
}

/** A mail in HTML. */
const htmlMail = (from: string, id: string, subject: string, html: string) =>
  rawMail({ from, subject, messageId: id, html }).raw;

describe('mail in: what a reply wrote and what it quotes', () => {
  it('keeps answers written between the quoted questions, and folds a quoted history at the end', async () => {
    const ida = customer('ida');
    const inline = rawMail({
      from: ida,
      subject: 'Re: A few questions',
      body: [
        'Answers inline.',
        '',
        `On Thu, 3 Dec 2026 at 10:00, Support <${support}> wrote:`,
        '> 1. Which model?',
        'HP LaserJet 1020',
        '> 2. Which OS?',
        'Windows 11',
      ].join('\r\n'),
    });
    const body = await bodyOf(inline.raw, inline.messageId);
    for (const words of ['Answers inline.', 'Which model?', 'HP LaserJet 1020', 'Which OS?', 'Windows 11']) {
      expect(body).toContain(words);
    }
    // A reply on top of the history: the history goes, the writer's signature stays.
    const top = rawMail({
      from: ida,
      subject: 'Re: Printer',
      body: [
        'It prints again, thanks.',
        '',
        'Ida',
        '',
        `On Thu, Dec 3, 2026 at 10:00 AM Support <`,
        `${support}> wrote:`,
        '> Please restart the printer.',
        '>',
        '> Kind regards',
        '',
      ].join('\r\n'),
    });
    const topBody = await bodyOf(top.raw, top.messageId);
    expect(topBody).toContain('It prints again, thanks.');
    expect(topBody).toContain('Ida');
    expect(topBody).not.toMatch(/restart the printer|wrote:|Kind regards/);
    // The history at the end, then only the writer's signature.
    const signed = rawMail({
      from: ida,
      subject: 'Re: Toner',
      body: [
        'Toner arrived.',
        '',
        `On 2026-12-03 10:00, Support wrote:`,
        '> It ships today.',
        '> Tracking follows.',
        '',
        '-- ',
        'Ida Berg, +46 70 123 45 67',
      ].join('\r\n'),
    });
    const signedBody = await bodyOf(signed.raw, signed.messageId);
    expect(signedBody).toContain('Toner arrived.');
    expect(signedBody).toContain('Ida Berg, +46 70 123 45 67');
    expect(signedBody).not.toMatch(/ships today|Tracking follows|wrote:/);
  });

  it('keeps a customer’s own words that only look like an attribution', async () => {
    const jan = customer('jan');
    const en = rawMail({
      from: jan,
      subject: 'Escalation',
      body: [
        'Hello,',
        'On Monday my manager wrote: please escalate this, the invoices are wrong since March.',
        'The total on invoice 88 is twice the order.',
      ].join('\r\n'),
    });
    const enBody = await bodyOf(en.raw, en.messageId);
    expect(enBody).toContain('please escalate this');
    expect(enBody).toContain('The total on invoice 88 is twice the order.');
    const zh = rawMail({
      from: jan,
      subject: '发票错误',
      body: ['您好，', '在上周的邮件里我同事写道：请尽快处理。', '但是到现在还没有人回复。'].join('\r\n'),
    });
    const zhBody = await bodyOf(zh.raw, zh.messageId);
    expect(zhBody).toContain('请尽快处理。');
    expect(zhBody).toContain('但是到现在还没有人回复。');
  });

  it('keeps answers between the quotes of an HTML reply (Apple Mail), and folds a trailing one', async () => {
    const kai = customer('kai');
    const inline = htmlMail(
      kai,
      `<apple.${run}@customer.test>`,
      'Re: Questions',
      `<div>See my answers.</div><div><br><blockquote type="cite"><div>On 3 Dec 2026, at 10:00, Support &lt;${support}&gt; wrote:</div><div>1. Which model?</div></blockquote>HP LaserJet 1020<br><blockquote type="cite">2. Which OS?</blockquote>Windows 11</div>`,
    );
    const body = await bodyOf(inline, `<apple.${run}@customer.test>`);
    for (const words of ['See my answers.', 'Which model?', 'HP LaserJet 1020', 'Which OS?', 'Windows 11']) {
      expect(body).toContain(words);
    }
    const top = htmlMail(
      kai,
      `<apple2.${run}@customer.test>`,
      'Re: Questions',
      `<div>Thanks, all good.</div><div><br><div>On 3 Dec 2026, at 10:00, Support &lt;${support}&gt; wrote:</div><br><blockquote type="cite"><div>Is it working now?</div></blockquote></div>`,
    );
    const topBody = await bodyOf(top, `<apple2.${run}@customer.test>`);
    expect(topBody).toContain('Thanks, all good.');
    expect(topBody).not.toMatch(/working now|wrote:/);
  });

  it('folds the quoted history of QQ Mail and Foxmail, in text and in HTML', async () => {
    const lin = customer('lin');
    const text = rawMail({
      from: lin,
      subject: '回复：打印机',
      body: [
        '已经好了，谢谢。',
        '',
        '------------------ 原始邮件 ------------------',
        `发件人: "Support"<${support}>;`,
        '发送时间: 2026年12月3日(星期四) 上午10:00',
        '主题: 打印机',
        '',
        '请重启打印机。',
      ].join('\r\n'),
    });
    const textBody = await bodyOf(text.raw, text.messageId);
    expect(textBody).toContain('已经好了，谢谢。');
    expect(textBody).not.toMatch(/原始邮件|发件人|请重启打印机/);
    const html = htmlMail(
      lin,
      `<tencent_${run}@qq.com>`,
      'Re: Printer',
      `<div>It works now.</div><div><br></div><div style="font-size: 12px;font-family: Arial Narrow;padding:2px 0 2px 0;">------------------&nbsp;Original&nbsp;------------------</div><div style="font-size: 12px;background:#efefef;padding:8px;"><div><b>From:</b>&nbsp;"Support"&lt;${support}&gt;;</div><div><b>Date:</b>&nbsp;Thu, Dec 3, 2026 10:00 AM</div><div><b>Subject:</b>&nbsp;Printer</div></div><div><br></div><div>Please restart the printer.</div>`,
    );
    const htmlBody = await bodyOf(html, `<tencent_${run}@qq.com>`);
    expect(htmlBody).toContain('It works now.');
    expect(htmlBody).not.toMatch(/Original|restart the printer/);
  });
});
