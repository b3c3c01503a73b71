import { homeOps } from '@parley/contracts';
import { simpleParser } from 'mailparser';
import { callOp } from './app.js';
import { t } from './kit.js';
import { servers } from './mail-kit.js';

/**
 * The mails the SMTP server took for `to` so far (the jobs run first), parsed, each with the
 * token of its set-password link (null when it has none).
 */
export async function linkMailsTo(to: string) {
  await t.app.parley.jobs.drain();
  const raws = servers.sent.filter((m) => m.to.some((x) => x.toLowerCase() === to.toLowerCase()));
  return Promise.all(
    raws.map(async (m) => {
      const parsed = await simpleParser(m.raw);
      const html = typeof parsed.html === 'string' ? parsed.html : '';
      const token = /\/wswt\/password\?token=([A-Za-z0-9_-]{43})/.exec(html)?.[1] ?? null;
      return { subject: parsed.subject ?? '', from: parsed.from?.text ?? '', html, text: parsed.text ?? '', token };
    }),
  );
}

/** Sets a password through a link's token, as the set-password page does. */
export const setPasswordByLink = (token: string, password: string, lang?: string) =>
  callOp(t.app, homeOps.passwordLinkSet, { token, password }, lang ? { lang } : {});
