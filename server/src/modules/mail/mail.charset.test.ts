import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const { run, customer, fetchNow, ticketOf, support, comments } = setUpMailTests();

/** "订单没有到，请查一下" and "打印机坏了" in GBK. */
const gbkBody = Buffer.from('b6a9b5a5c3bbd3d0b5bda3acc7ebb2e9d2bbcfc2', 'hex');
const gbkSubject = Buffer.from('b4f2d3a1bbfabbb5c1cb', 'hex');

/** A mail whose headers and body are the given bytes (8 bit, as some clients send them). */
const eightBit = (headers: string[], subject: Buffer, body: Buffer) =>
  Buffer.concat([
    Buffer.from(`${headers.join('\r\n')}\r\nSubject: `),
    subject,
    Buffer.from('\r\nMIME-Version: 1.0\r\n'),
    body,
    Buffer.from('\r\n'),
  ]);

async function ticketAndBody(raw: Buffer, messageId: string) {
  await servers.deliver(support, raw);
  expect(await fetchNow()).toEqual({ ticket: 1 });
  const id = Number(await ticketOf(messageId));
  const [row] = await queryRows<{ subject: string }>(db(), sql`SELECT subject FROM ticket WHERE ticket_id = ${id}`);
  return { subject: row?.subject ?? '', body: (await comments(id))[0]?.body ?? '' };
}

describe('mail in: a missing or wrong charset', () => {
  it('reads GBK with no charset, unknown-8bit, x-unknown or a utf-8 label, and an 8-bit GBK subject', async () => {
    const mo = customer('mo');
    const labels = ['', '; charset=unknown-8bit', '; charset=x-unknown', '; charset=utf-8', '; charset="UTF-8"'];
    for (const [i, label] of labels.entries()) {
      const messageId = `<gbk${i}.${run}@customer.test>`;
      const raw = eightBit(
        [`From: ${mo}`, `To: ${support}`, `Message-ID: ${messageId}`],
        gbkSubject,
        Buffer.concat([
          Buffer.from(`Content-Type: text/plain${label}\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`),
          gbkBody,
        ]),
      );
      const { subject, body } = await ticketAndBody(raw, messageId);
      expect({ label, subject }).toEqual({ label, subject: '打印机坏了' });
      expect(body).toContain('订单没有到，请查一下');
      expect(body).not.toContain('\uFFFD');
    }
  });

  it('reads a base64 HTML part labelled utf-8 that is GBK, and an encoded-word subject that is GBK', async () => {
    const nan = customer('nan');
    const messageId = `<gbk-html.${run}@customer.test>`;
    const raw = [
      `From: ${nan}`,
      `To: ${support}`,
      `Message-ID: ${messageId}`,
      `Subject: =?utf-8?B?${gbkSubject.toString('base64')}?=`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      gbkBody.toString('base64'),
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.concat([Buffer.from('<div>'), gbkBody, Buffer.from('</div>')]).toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const { subject, body } = await ticketAndBody(Buffer.from(raw), messageId);
    expect(subject).toBe('打印机坏了');
    expect(body).toContain('订单没有到，请查一下');
    expect(body).not.toContain('\uFFFD');
  });

  it('leaves a mail that is valid UTF-8 as it is, replacement characters and all', async () => {
    const ola = customer('ola');
    const messageId = `<utf8.${run}@customer.test>`;
    const raw = eightBit(
      [`From: ${ola}`, `To: ${support}`, `Message-ID: ${messageId}`],
      Buffer.from('Broken � sign'),
      Buffer.from('Content-Type: text/plain; charset=utf-8\r\n\r\nThe screen shows � and 订单.'),
    );
    const { subject, body } = await ticketAndBody(raw, messageId);
    expect(subject).toBe('Broken � sign');
    expect(body).toContain('The screen shows � and 订单.');
  });
});
