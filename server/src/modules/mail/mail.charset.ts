/**
 * Mails whose charset is missing or wrong: Chinese clients and old gateways send GBK bytes with no
 * charset, with `unknown-8bit` or `x-unknown`, or labelled UTF-8, and put 8-bit GBK in the subject.
 * The parser reads them as UTF-8 and stores `�������`; here such text is read again as GB18030
 * (a superset of GBK and GB2312) when that reads without a fault.
 *
 * Big5 and Shift_JIS are not tried: GB18030 reads nearly any double-byte text without a fault, so
 * a later try would almost never run, and when GB18030 fails Big5 and Shift_JIS mostly fail too.
 */
import { isUtf8 } from 'node:buffer';
import { finished } from 'node:stream';
import { Splitter } from '@zone-eu/mailsplit';
import iconv from 'iconv-lite';
import type { ParsedMail } from 'mailparser';

const fault = '\uFFFD';

/** Labels that say nothing true about the bytes: the parser reads these as UTF-8. */
const unlabelled = (charset: string | false | undefined) =>
  !charset || /^(utf-?8|unknown-8bit|x-unknown|unknown|(us-)?ascii)$/i.test(charset.trim());

/** Bytes that are not UTF-8, read as GB18030; null when they are UTF-8 or GB18030 cannot read them. */
export function readUnlabelled(bytes: Buffer): string | null {
  if (isUtf8(bytes)) {
    return null;
  }
  const text = iconv.decode(bytes, 'gb18030');
  return text.includes(fault) ? null : text;
}

const quotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

/** The bytes of a part's body, its transfer encoding undone. */
function contentOf(encoding: string | false, body: Buffer): Buffer {
  if (encoding === 'base64') {
    return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  }
  if (encoding === 'quoted-printable') {
    return quotedPrintable(body.toString('latin1'));
  }
  return body;
}

interface TextPart {
  type: 'text/plain' | 'text/html';
  bytes: Buffer;
}

/** The body's text parts (not attachments) with no true charset, as bytes. */
function unlabelledParts(raw: Buffer): Promise<TextPart[]> {
  return new Promise((resolve, reject) => {
    const splitter = new Splitter({ ignoreEmbedded: true });
    const parts: Array<{ type: TextPart['type']; encoding: string | false; chunks: Buffer[] }> = [];
    let current: (typeof parts)[number] | null = null;
    splitter.on('data', (data) => {
      if (data.type === 'node') {
        const type = data.contentType || (data.root ? 'text/plain' : '');
        current =
          !data.multipart &&
          (type === 'text/plain' || type === 'text/html') &&
          data.disposition !== 'attachment' &&
          unlabelled(data.charset)
            ? { type, encoding: data.encoding, chunks: [] }
            : null;
        if (current) {
          parts.push(current);
        }
      } else if (data.type === 'body' && current) {
        current.chunks.push(data.value);
      }
    });
    finished(splitter, (error) =>
      error
        ? reject(error)
        : resolve(parts.map((p) => ({ type: p.type, bytes: contentOf(p.encoding, Buffer.concat(p.chunks)) }))),
    );
    splitter.end(raw);
  });
}

/** The parsed text of one part read again: what the parser made of it replaced by the right reading. */
function repairText(text: string, parts: TextPart[]): string {
  let out = text;
  for (const part of parts) {
    const right = readUnlabelled(part.bytes)?.replace(/\r?\n/g, '\n');
    if (!right) {
      continue;
    }
    const wrong = part.bytes.toString('utf8').replace(/\r?\n/g, '\n');
    if (out.includes(wrong)) {
      out = out.split(wrong).join(right);
    } else if (out.includes(wrong.trim())) {
      out = out.split(wrong.trim()).join(right.trim());
    } else if (parts.length === 1) {
      out = right;
    }
  }
  return out;
}

/** The Subject header's bytes as sent: 8-bit bytes, or encoded words of a charset that says nothing. */
function rawSubject(raw: Buffer): string | null {
  const ends = [raw.indexOf('\r\n\r\n'), raw.indexOf('\n\n')].filter((i) => i >= 0);
  const head = raw.subarray(0, ends.length ? Math.min(...ends) : raw.length);
  const line = /^Subject:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head.toString('latin1'))?.[1];
  if (line === undefined) {
    return null;
  }
  const value = line.replace(/\r?\n(?=[ \t])/g, '');
  const bytes: Buffer[] = [];
  let last = 0;
  let afterWord = false;
  for (const m of value.matchAll(/=\?([^?*]+)(?:\*[^?]*)?\?([bq])\?([^?]*)\?=/gi)) {
    const between = value.slice(last, m.index);
    if (!(afterWord && /^\s*$/.test(between))) {
      bytes.push(Buffer.from(between, 'latin1'));
    }
    if (!unlabelled(m[1])) {
      return null;
    }
    const data = m[3] as string;
    bytes.push(
      (m[2] as string).toLowerCase() === 'b' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' ')),
    );
    last = m.index + m[0].length;
    afterWord = true;
  }
  bytes.push(Buffer.from(value.slice(last), 'latin1'));
  return readUnlabelled(Buffer.concat(bytes))?.trim() ?? null;
}

/**
 * Reads again the text, HTML and subject of a parsed mail that came out with replacement
 * characters from bytes that are not UTF-8 under a missing or untrue charset. A mail that is
 * valid UTF-8 stays as parsed, replacement characters and all.
 */
export async function repairCharsets(raw: Buffer, mail: ParsedMail): Promise<ParsedMail> {
  if (mail.subject?.includes(fault)) {
    const subject = rawSubject(raw);
    if (subject) {
      mail.subject = subject;
      mail.headers.set('subject', subject);
    }
  }
  const text = typeof mail.text === 'string' && mail.text.includes(fault);
  const html = typeof mail.html === 'string' && mail.html.includes(fault);
  if (!text && !html) {
    return mail;
  }
  const parts = await unlabelledParts(raw);
  if (text) {
    mail.text = repairText(
      mail.text as string,
      parts.filter((p) => p.type === 'text/plain'),
    );
  }
  if (html) {
    mail.html = repairText(
      mail.html as string,
      parts.filter((p) => p.type === 'text/html'),
    );
  }
  return mail;
}
