import { accountSettingOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, db } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const { run, customer, rawMail, fetchNow, ticketOf: ticketOfMessage, inboxOf, support, comments } = setUpMailTests();

describe('mail in: charsets and attachments', () => {
  it('reads Chinese and Japanese charsets: GB2312, Big5, ISO-2022-JP and a quoted-printable subject', async () => {
    const hana = customer('hana');
    const iconvMails: Array<[string, string, string]> = [
      ['gb2312', '订单没有到', Buffer.from('b6a9b5a5c3bbd3d0b5bd', 'hex').toString('base64')],
      ['big5', '訂單沒有到', Buffer.from('ad71b3e6a853a6b3a8ec', 'hex').toString('base64')],
    ];
    for (const [charset, words, b64] of iconvMails) {
      const raw = [
        `From: ${hana}`,
        `To: ${support}`,
        `Subject: =?${charset}?B?${b64}?=`,
        `Message-ID: <${charset}.${run}@customer.test>`,
        'MIME-Version: 1.0',
        `Content-Type: text/plain; charset=${charset}`,
        'Content-Transfer-Encoding: base64',
        '',
        b64,
        '',
      ].join('\r\n');
      await servers.deliver(support, raw);
      expect(await fetchNow()).toEqual({ ticket: 1 });
      const id = Number(await ticketOfMessage(`<${charset}.${run}@customer.test>`));
      const [row] = await queryRows<{ subject: string }>(db(), sql`SELECT subject FROM ticket WHERE ticket_id = ${id}`);
      expect(row?.subject).toBe(words);
      expect((await comments(id))[0]?.body).toContain(words);
    }
    // ISO-2022-JP: "お問い合わせ" (escape sequences, 7 bit).
    const jis = Buffer.from('1b2442242a4c6424243967246f243b1b2842', 'hex');
    const jp = [
      `From: ${hana}`,
      `To: ${support}`,
      `Subject: =?ISO-2022-JP?B?${jis.toString('base64')}?=`,
      `Message-ID: <jis.${run}@customer.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=ISO-2022-JP',
      'Content-Transfer-Encoding: 7bit',
      '',
      jis.toString('latin1'),
      '',
    ].join('\r\n');
    await servers.deliver(support, Buffer.from(jp, 'latin1'));
    // Quoted-printable UTF-8 Chinese subject.
    const qp = rawMail({
      from: hana,
      subject: '=?UTF-8?Q?=E9=80=80=E6=AC=BE=E7=94=B3=E8=AF=B7?=',
      messageId: `<qp.${run}@customer.test>`,
    });
    await servers.deliver(support, qp.raw);
    expect(await fetchNow()).toEqual({ ticket: 2 });
    const subjects = await queryRows<{ subject: string }>(
      db(),
      sql`SELECT t.subject FROM ticket t JOIN mail_message m ON m.ticket_id = t.ticket_id WHERE m.message_id IN (${`<jis.${run}@customer.test>`}, ${`<qp.${run}@customer.test>`}) ORDER BY t.ticket_id`,
    );
    expect(subjects.map((s) => s.subject)).toEqual(['お問い合わせ', '退款申请']);
    // A new customer who writes Chinese is answered in Chinese.
    const acknowledged = await inboxOf(hana);
    expect(String(acknowledged[0]?.parsed.html)).toContain('我们已收到您的工单');
  });

  /** A mail with a 1 KB file and a file of `bigMb` MB. */
  const twoFiles = (from: string, messageId: string, bigMb: number) => {
    const small = Buffer.alloc(1024, 7);
    const big = Buffer.alloc(bigMb * 1024 * 1024, 1);
    return [
      `From: ${from}`,
      `To: ${support}`,
      'Subject: Logs attached',
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="zz"',
      '',
      '--zz',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Two files.',
      '--zz',
      'Content-Type: application/octet-stream; name="small.log"',
      'Content-Disposition: attachment; filename="small.log"',
      'Content-Transfer-Encoding: base64',
      '',
      small.toString('base64'),
      '--zz',
      'Content-Type: application/octet-stream; name="huge.bin"',
      'Content-Disposition: attachment; filename="huge.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      big.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--zz--',
      '',
    ].join('\r\n');
  };

  it('stores attachments up to 20 MB and drops a 25 MB one with a note on the ticket', async () => {
    await servers.deliver(support, twoFiles(customer('ivan'), `<att.${run}@customer.test>`, 25));
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const id = Number(await ticketOfMessage(`<att.${run}@customer.test>`));
    const files = await queryRows<{ file_name: string; size: number }>(
      db(),
      sql`SELECT file_name, size FROM ticket_attachment WHERE ticket_id = ${id}`,
    );
    expect(files).toEqual([{ file_name: 'small.log', size: 1024 }]);
    expect((await comments(id))[0]?.body).toContain('huge.bin (25.0 MB) was not kept');
  }, 120_000);

  it("writes the note of a dropped file in the help desk's default language", async () => {
    const localization = (await api(accountSettingOps.localizationGet, {})).data;
    expect((await api(accountSettingOps.localizationEdit, { ...localization, default_language: 'zh-cn' })).code).toBe(
      '0000',
    );
    try {
      await servers.deliver(support, twoFiles(customer('jun'), `<att-zh.${run}@customer.test>`, 21));
      expect(await fetchNow()).toEqual({ ticket: 1 });
      const id = Number(await ticketOfMessage(`<att-zh.${run}@customer.test>`));
      const body = (await comments(id))[0]?.body ?? '';
      expect(body).toContain('huge.bin（21.0 MB）未保存：超过 20 MB 的附件会被丢弃。');
      expect(body).not.toContain('was not kept');
    } finally {
      await api(accountSettingOps.localizationEdit, localization);
    }
  }, 120_000);
});
