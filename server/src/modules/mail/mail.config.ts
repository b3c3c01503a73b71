import type { DbOrTx } from '../../db/client.js';
import { readEmailSettings } from '../setting/setting.service.js';

export type StoredEmail = Awaited<ReturnType<typeof readEmailSettings>>;

export interface Endpoint {
  host: string;
  port: number;
  /** TLS from the first byte (465, 993); otherwise plain, upgraded by STARTTLS when offered. */
  secure: boolean;
}

const defaultPorts = { smtp: { ssl: 465, plain: 587 }, imap: { ssl: 993, plain: 143 } } as const;

/** An endpoint as the settings' messages name it: `host:port`, and ` (TLS)` when it is. */
export const endpointText = (e: Endpoint) => `${e.host}:${e.port}${e.secure ? ' (TLS)' : ''}`;

/** `host` or `host:port` (`[v6]:port` too); without a port, the usual one for the use and `use_ssl`. */
export function endpointOf(value: string, useSsl: boolean, use: 'smtp' | 'imap'): Endpoint {
  const text = value.trim();
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text);
  const host = match?.[1] ?? text;
  const port = match?.[2] ? Number(match[2]) : defaultPorts[use][useSsl ? 'ssl' : 'plain'];
  return { host, port, secure: useSsl };
}

/** The address in `Name <address>` or a bare address, lower case; '' when there is none. */
export function addressOf(sender: string): string {
  const m = /<([^>]+)>/.exec(sender);
  return (m?.[1] ?? sender).trim().toLowerCase();
}

export interface MailConfig {
  /** The From header as the admin typed it (`Support <help@example.com>`). */
  from: string;
  /** The support mailbox address: Reply-To, and never a CC of a ticket. */
  address: string;
  /** Domain of our Message-IDs. */
  domain: string;
  smtp: Endpoint;
  imap: Endpoint;
  user: string;
  pass: string;
  settings: StoredEmail;
}

/** The channel is on once the server and account settings are filled in. */
export function mailConfigOf(settings: StoredEmail): MailConfig | null {
  if (!settings.smtp_host || !settings.imap_host || !settings.account || !settings.sender) {
    return null;
  }
  const address = addressOf(settings.sender).includes('@')
    ? addressOf(settings.sender)
    : settings.account.toLowerCase();
  return {
    from: settings.sender.includes('@') ? settings.sender : `${settings.sender} <${address}>`,
    address,
    domain: address.split('@')[1] || settings.gateway || 'parley.local',
    smtp: endpointOf(settings.smtp_host, settings.use_ssl, 'smtp'),
    imap: endpointOf(settings.imap_host, settings.use_ssl, 'imap'),
    user: settings.account,
    pass: settings.password,
    settings,
  };
}

export async function readMailConfig(db: DbOrTx): Promise<MailConfig | null> {
  return mailConfigOf(await readEmailSettings(db));
}
