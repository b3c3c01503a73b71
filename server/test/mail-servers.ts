import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../src/modules/mail/mail.config.js';
import { freePort } from './ports.js';

/** Every mailbox of the test Dovecot takes this password. */
export const mailPassword = 'mail-secret';

export interface MailServers {
  imapPort: number;
  smtpPort: number;
  /**
   * Puts a raw mail into a mailbox (as a delivery agent would). `seen`: as if someone had opened it
   * already (webmail, a phone) before Parley fetched it (IMAP APPEND with the \Seen flag).
   */
  deliver(user: string, raw: string | Buffer, options?: { seen?: boolean }): Promise<void>;
  /** The raw mails of a mailbox, oldest first. */
  read(user: string): Promise<Array<{ uid: number; source: string; seen: boolean }>>;
  /** Mails the SMTP server took (envelope and raw), in order. */
  sent: Array<{ from: string; to: string[]; raw: string }>;
  /** A mail config for Parley pointing at these servers (plain, host:port). */
  config(address: string, overrides?: Partial<MailConfig>): MailConfig;
  stop(): Promise<void>;
}

const dovecotBin = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((p) => fs.existsSync(p));

/** True where Dovecot is installed (`apt-get install dovecot-imapd`; `.ci/run` does). */
export const hasDovecot = Boolean(dovecotBin);

async function waitForPort(port: number, ms = 15_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port} after ${ms} ms`);
}

/**
 * A real Dovecot (its own configuration, folder and port; any user, one password, maildir) and a
 * real SMTP server (`smtp-server`) that delivers each mail into the recipients' Dovecot inboxes
 * over IMAP APPEND, as a delivery agent would. `withoutIdle`: a Dovecot that does not offer IDLE
 * (as some providers' servers do not).
 */
export async function startMailServers(options: { withoutIdle?: boolean } = {}): Promise<MailServers> {
  if (!dovecotBin) {
    throw new Error('Dovecot is not installed: apt-get install -y dovecot-imapd');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dovecot-'));
  for (const sub of ['run', 'state', 'home']) {
    fs.mkdirSync(path.join(dir, sub));
  }
  fs.chmodSync(dir, 0o755);
  // Mail processes run as an unprivileged user (nobody when we are root, else ourselves).
  const uid = process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 65534);
  const gid = process.getuid?.() === 0 ? 65534 : (process.getgid?.() ?? 65534);
  fs.chownSync(path.join(dir, 'home'), uid, gid);
  const imapPort = await freePort();
  const me = os.userInfo().username;
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
${process.getuid?.() === 0 ? '' : `default_internal_user = ${me}\ndefault_login_user = ${me}\ndefault_internal_group = ${os.userInfo().username}\n`}
passdb {
  driver = static
  args = password=${mailPassword}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
first_valid_uid = 1
first_valid_gid = 1
mail_max_userip_connections = 200
${options.withoutIdle ? 'imap_capability = IMAP4rev1 LITERAL+ SASL-IR ID ENABLE UIDPLUS NAMESPACE UNSELECT CHILDREN ESEARCH MOVE\n' : ''}service imap-login {
  inet_listener imap {
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
  const confFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(confFile, conf);
  const child: ChildProcess = spawn(dovecotBin, ['-F', '-c', confFile], { stdio: 'ignore' });
  await waitForPort(imapPort).catch((error) => {
    child.kill('SIGKILL');
    const log = fs.existsSync(path.join(dir, 'dovecot.log'))
      ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
      : '';
    throw new Error(`${(error as Error).message}\n${log}`);
  });

  const clients = new Map<string, Promise<ImapFlow>>();
  const clientFor = (user: string): Promise<ImapFlow> => {
    let c = clients.get(user);
    if (!c) {
      c = (async () => {
        const client = new ImapFlow({
          host: '127.0.0.1',
          port: imapPort,
          secure: false,
          auth: { user, pass: mailPassword },
          logger: false,
        });
        client.on('error', () => clients.delete(user));
        await client.connect();
        return client;
      })();
      clients.set(user, c);
    }
    return c;
  };
  const deliver = async (user: string, raw: string | Buffer, options: { seen?: boolean } = {}) => {
    const client = await clientFor(user);
    await client.append('INBOX', raw, options.seen ? ['\\Seen'] : undefined);
  };

  const sent: MailServers['sent'] = [];
  const smtpPort = await freePort();
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 60 * 1024 * 1024,
    // Parley's pooled connections may still be open when a test file stops: do not wait 30 s for them.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (auth.password === mailPassword) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('535 5.7.8 Authentication credentials invalid'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        sent.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          raw: raw.toString(),
        });
        Promise.all(to.map((user) => deliver(user, raw)))
          .then(() => callback())
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  return {
    imapPort,
    smtpPort,
    deliver,
    sent,
    async read(user) {
      const client = await clientFor(user);
      const lock = await client.getMailboxLock('INBOX');
      try {
        const out: Array<{ uid: number; source: string; seen: boolean }> = [];
        if ((client.mailbox as { exists: number }).exists === 0) {
          return out;
        }
        for await (const m of client.fetch('1:*', { uid: true, source: true, flags: true })) {
          out.push({ uid: m.uid, source: m.source?.toString() ?? '', seen: m.flags?.has('\\Seen') ?? false });
        }
        return out;
      } finally {
        lock.release();
      }
    },
    config(address, overrides = {}) {
      return {
        from: `Support <${address}>`,
        address,
        domain: address.split('@')[1] as string,
        smtp: { host: '127.0.0.1', port: smtpPort, secure: false },
        imap: { host: '127.0.0.1', port: imapPort, secure: false },
        user: address,
        pass: mailPassword,
        settings: {
          sender: `Support <${address}>`,
          smtp_host: `127.0.0.1:${smtpPort}`,
          imap_host: `127.0.0.1:${imapPort}`,
          gateway: address.split('@')[1] as string,
          account: address,
          password: mailPassword,
          use_ssl: false,
          use_bottom_ad: false,
          bottom_ad_image: '',
          bottom_ad_image_url: '',
          use_bottom_tips: false,
          bottom_tips: '',
        },
        ...overrides,
      };
    },
    async stop() {
      for (const c of clients.values()) {
        await c.then((client) => client.logout()).catch(() => undefined);
      }
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
