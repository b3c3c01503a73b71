import { createHmac, randomBytes } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { TRuleAction } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/rows.js';
import type { ActionEnv } from './rule.env.js';
import { loadRuleTicket } from './rule.facts.js';

type Webhook = Extract<TRuleAction, { action: 'webhook' }>;

export const webhookQueue = 'rule-webhook';

export interface WebhookJob {
  ruleKind: 'trigger' | 'automation';
  ruleId: number;
  ruleTitle: string;
  ticketId: number;
  url: string;
  secret: string;
}

/** Addresses a webhook never calls: private, loopback, link-local, shared, multicast, reserved. */
const refused = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(prefix, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) {
    return isPrivateAddress(mapped[1]);
  }
  const family = net.isIP(address);
  if (family === 0) {
    return true;
  }
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A host name that is plainly local (refused when the rule is saved; addresses are checked again when sending). */
export function isPlainlyLocalHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return true;
  }
  return net.isIP(host) !== 0 && isPrivateAddress(host);
}

export const newWebhookSecret = () => randomBytes(24).toString('base64url');

/** `sha256=` HMAC of `<timestamp>.<body>`: what the receiver recomputes with the shared secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export async function queueWebhook(env: ActionEnv, ticketId: number, a: Webhook) {
  await queueWebhooks(env, [ticketId], a);
}

/** The same call for many tickets (an automation's batch), queued in one statement. */
export async function queueWebhooks(env: ActionEnv, ticketIds: number[], a: Webhook) {
  await env.ctx.jobs.sendMany<WebhookJob>(
    webhookQueue,
    ticketIds.map((ticketId) => ({
      data: {
        ruleKind: env.rule.kind,
        ruleId: env.rule.id,
        ruleTitle: env.rule.title,
        ticketId,
        url: a.url,
        secret: a.secret,
      },
    })),
    { tx: env.tx },
  );
}

export interface DeliverOptions {
  /** Addresses allowed although private (tests call a server on loopback); none by default. */
  allowPrivate?: (address: string) => boolean;
  timeoutMs?: number;
}

/** The resolver the request connects with: every address of the name is checked, then the checked one is used. */
function checkedLookup(allow: (address: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const bad = addresses.find((a) => isPrivateAddress(a.address) && !allow(a.address));
      if (bad || addresses.length === 0) {
        callback(
          Object.assign(new Error(`webhook address refused: ${bad?.address ?? hostname} is not public`), {
            code: 'EREFUSED',
          }),
          '',
          4,
        );
        return;
      }
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      } else {
        const first = addresses[0] as dns.LookupAddress;
        callback(null, first.address, first.family);
      }
    });
  };
}

/** One signed POST; no redirect is followed (a 3xx is a failure), 10 s at most. Answers the status. */
export function postSigned(url: string, secret: string, body: string, options: DeliverOptions = {}): Promise<number> {
  const timestamp = Date.now();
  const target = new URL(url);
  // An address written as such is never looked up: checked here.
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && isPrivateAddress(literal) && !(options.allowPrivate ?? (() => false))(literal)) {
    return Promise.reject(new Error(`webhook address refused: ${literal} is not public`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        lookup: checkedLookup(options.allowPrivate ?? (() => false)),
        timeout: options.timeoutMs ?? 10_000,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Parley-Webhook/1',
          'X-Parley-Timestamp': String(timestamp),
          'X-Parley-Signature': signWebhook(secret, timestamp, body),
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          resolve(status);
        } else {
          reject(
            new Error(
              status >= 300 && status < 400
                ? `webhook answered ${status}; redirects are not followed`
                : `webhook answered ${status}`,
            ),
          );
        }
      },
    );
    req.on('timeout', () => req.destroy(new Error('webhook timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** The job: the ticket as it is now, signed, to the rule's address; a failure is kept on the rule. */
export async function deliverWebhook(ctx: AppContext, job: WebhookJob, options: DeliverOptions = {}) {
  const t = await loadRuleTicket(ctx.db, job.ticketId);
  const body = JSON.stringify({
    rule: { kind: job.ruleKind, id: job.ruleId, title: job.ruleTitle },
    ticket: t && { ...t, url: `${ctx.publicUrl}/wswt/ticket/edit/${job.ticketId}` },
    sent_ts: Date.now(),
  });
  try {
    await postSigned(job.url, job.secret, body, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await queryRows(
      ctx.db,
      sql`INSERT INTO rule_failure (rule_kind, rule_id, ticket_id, error, create_ts)
        VALUES (${job.ruleKind}, ${job.ruleId}, ${job.ticketId}, ${message.slice(0, 500)}, ${Date.now()})`,
    );
    throw error;
  }
}
