import { describe, expect, it } from 'vitest';
import { rawMailKey } from './mail.key.js';

const mail = (head: string[], body = 'Hello.') => Buffer.from([...head, '', body, ''].join('\r\n'));
const own = ['From: a@customer.test', 'To: help@support.test', 'Subject: Hi', 'Date: Mon, 3 Mar 2025 10:00:00 +0000'];

describe('the key of a mail without a Message-ID', () => {
  it('is the same for one mail however it came: trace fields (folded ones too) and line ends aside', () => {
    const plain = rawMailKey(mail(own));
    const traced = mail([
      'Return-Path: <a@customer.test>',
      'Delivered-To: help@support.test',
      'X-Original-To: help@support.test',
      'Received: from mx1.customer.test',
      '\tby mx.support.test; Mon, 3 Mar 2025 10:00:01 +0000',
      'ARC-Seal: i=1; a=rsa-sha256; cv=none; b=xyz',
      'Authentication-Results: mx.support.test; spf=pass',
      'X-Spam-Score: 0.1',
      ...own,
    ]);
    expect(rawMailKey(traced)).toBe(plain);
    expect(rawMailKey(Buffer.from(traced.toString().replace(/\r\n/g, '\n')))).toBe(plain);
    expect(plain).toMatch(/^<sha256\.[0-9a-f]{64}@parley\.local>$/);
  });

  it('differs for another text, another sender or another signing of it', () => {
    const plain = rawMailKey(mail(own));
    expect(rawMailKey(mail(own, 'Hello!'))).not.toBe(plain);
    expect(rawMailKey(mail(['From: b@customer.test', ...own.slice(1)]))).not.toBe(plain);
    expect(rawMailKey(mail(['DKIM-Signature: v=1; t=1', ...own]))).not.toBe(
      rawMailKey(mail(['DKIM-Signature: v=1; t=2', ...own])),
    );
  });
});
