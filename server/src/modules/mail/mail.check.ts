import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { MailConfig } from './mail.config.js';

export type CheckStage = 'connection' | 'greeting' | 'tls' | 'login' | 'send' | 'mailbox';

export interface CheckResult {
  ok: boolean;
  /** Where it failed; null when it worked. */
  stage: CheckStage | null;
  /** The server's or the system's own words. */
  detail: string;
}

/** Which step an SMTP or IMAP error belongs to, by its code and words. */
export function stageOf(error: unknown): CheckStage {
  const e = error as {
    code?: string;
    timeoutType?: string;
    responseCode?: number;
    authenticationFailed?: boolean;
    message?: string;
  };
  const code = String(e.code ?? '');
  const text = String(e.message ?? '');
  // Connected, but the server never said hello: imapflow's code (its words add "Maybe should use
  // TLS?", which is no TLS failure) and nodemailer's timeoutType beside ETIMEDOUT.
  if (code === 'GREETING_TIMEOUT' || e.timeoutType === 'GREETING_TIMEOUT') {
    return 'greeting';
  }
  if (e.authenticationFailed || code === 'EAUTH' || e.responseCode === 535 || /auth|login|credentials/i.test(text)) {
    return 'login';
  }
  if (
    code === 'ETLS' ||
    code.startsWith('ERR_SSL') ||
    code.includes('CERT') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    /ssl|tls|certificate|wrong version number/i.test(text)
  ) {
    return 'tls';
  }
  if (
    [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'ECONNRESET',
      'EHOSTUNREACH',
      'ESOCKET',
      'ECONNECTION',
      // nodemailer's code for a host name that does not resolve (getaddrinfo ENOTFOUND).
      'EDNS',
    ].includes(code)
  ) {
    return 'connection';
  }
  if (/connect|timed? ?out|refused|closed|getaddrinfo|ENOTFOUND|EAI_AGAIN/i.test(text)) {
    return 'connection';
  }
  return 'send';
}

const detailOf = (error: unknown) => {
  const e = error as { message?: string; response?: string; responseText?: string };
  return String(e.responseText ?? e.response ?? e.message ?? error).slice(0, 500);
};

export function smtpTransport(config: MailConfig, timeoutMs = 20_000, pool = false) {
  return nodemailer.createTransport({
    ...(pool ? { pool: true as const, maxConnections: 4, maxMessages: 1000 } : {}),
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.pass ? { user: config.user, pass: config.pass } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
    // A self-hosted server with its own certificate is common: TLS still encrypts.
    tls: { rejectUnauthorized: false },
  });
}

export function imapClient(config: MailConfig, timeoutMs = 20_000): ImapFlow {
  return new ImapFlow({
    host: config.imap.host,
    port: config.imap.port,
    secure: config.imap.secure,
    auth: { user: config.user, pass: config.pass },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
    tls: { rejectUnauthorized: false },
    disableAutoIdle: true,
  });
}

/** Sends one test mail to `to` with the given settings (not saved yet, maybe). */
export async function checkSmtp(config: MailConfig, to: string): Promise<CheckResult> {
  const transport = smtpTransport(config, 10_000);
  try {
    await transport.verify();
  } catch (error) {
    return { ok: false, stage: stageOf(error), detail: detailOf(error) };
  }
  try {
    await transport.sendMail({
      from: config.from,
      to,
      subject: 'Parley test mail',
      text: 'This mail was sent from the email settings of Parley: sending works.',
    });
    return { ok: true, stage: null, detail: '' };
  } catch (error) {
    const stage = stageOf(error);
    return {
      ok: false,
      stage: stage === 'connection' || stage === 'greeting' ? stage : 'send',
      detail: detailOf(error),
    };
  } finally {
    transport.close();
  }
}

/** Signs in to the mailbox and opens the inbox. */
export async function checkImap(config: MailConfig): Promise<CheckResult & { messages?: number }> {
  const client = imapClient(config, 10_000);
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    return { ok: false, stage: stageOf(error), detail: detailOf(error) };
  }
  try {
    const box = await client.mailboxOpen('INBOX', { readOnly: true });
    return { ok: true, stage: null, detail: '', messages: box.exists };
  } catch (error) {
    return { ok: false, stage: 'mailbox', detail: detailOf(error) };
  } finally {
    await client.logout().catch(() => undefined);
  }
}
