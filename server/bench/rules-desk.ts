/**
 * The help desk `bench:rules` runs its rules on, as a real one is set up: 100 triggers, 20
 * automations that assign, route, escalate, solve and close (not only tag), an SLA policy (so
 * every change refreshes a target), and the email channel on, pointed at an SMTP sink of this
 * process that counts what arrives, so the mails the rules cause are sent as in production.
 */
import net from 'node:net';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';

export interface Agent {
  id: number;
  group: number;
}

/** The seeded agents with their group, and the default group (where new tickets wait). */
export async function deskPeople(db: pg.Client): Promise<{ agents: Agent[]; defaultGroup: number }> {
  const { rows } = await db.query<{ account_id: number; group_id: number }>(
    `SELECT a.account_id, min(ga.group_id) AS group_id FROM account a
      JOIN group_account ga ON ga.account_id = a.account_id JOIN agent_group g ON g.group_id = ga.group_id
      WHERE a.user_type = 'agent' AND a.access_state = 'allowed' AND NOT g.is_default
      GROUP BY a.account_id ORDER BY a.account_id`,
  );
  const [def] = (await db.query<{ group_id: number }>('SELECT group_id FROM agent_group WHERE is_default')).rows;
  const agents = rows.map((r) => ({ id: Number(r.account_id), group: Number(r.group_id) }));
  if (agents.length < 10 || !def) {
    throw new Error('the database needs the seeded agents and groups (scripts/seed.ts)');
  }
  return { agents, defaultGroup: Number(def.group_id) };
}

/** 100 triggers: most never match (rare words, tags nobody has), some match edits and act. */
export function triggerBodies() {
  const out: unknown[] = [];
  for (let i = 0; i < 100; i++) {
    const rare = `zz-bench-${i}`;
    if (i % 20 === 0) {
      // Matches every priority change and tags it (5 of them).
      out.push({
        title: `Bench tag ${i}`,
        conditions: { all: [{ field: 'priority', operator: 'changed' }], any: [] },
        actions: [{ action: 'add_tags', value: [`bench-${i}`] }],
      });
    } else if (i % 3 === 0) {
      out.push({
        title: `Bench comment ${i}`,
        conditions: {
          all: [{ field: 'update_type', operator: 'is', value: 'updated' }],
          any: [
            { field: 'comment_text', operator: 'contains', value: rare },
            { field: 'subject', operator: 'contains', value: rare },
          ],
        },
        actions: [{ action: 'add_note', value: `matched ${rare}` }],
      });
    } else {
      out.push({
        title: `Bench route ${i}`,
        conditions: {
          all: [
            { field: 'tags', operator: 'includes', value: [rare] },
            { field: 'ticket_state', operator: 'is_not', value: 'closed' },
          ],
          any: [],
        },
        actions: [{ action: 'set_priority', value: 'urgent' }],
      });
    }
  }
  return out;
}

type Condition = { field: string; operator: string; value?: unknown };
type Action = { action: string; value: unknown };
const is = (field: string, value: unknown): Condition => ({ field, operator: 'is', value });
const over = (field: string, hours: number): Condition => ({ field, operator: 'greater_than', value: hours });

/**
 * 20 automations as a desk has them. The first ten act on one hour's worth of tickets each
 * ("hours since … is N", the steady state): assign new unassigned tickets, escalate stale open
 * ones, solve long-pending ones, close solved ones, move stale assignments to another team. The
 * other ten catch up on narrow sets ("greater than"): assign a team's stale urgent tickets to an
 * agent of the team, solve stale urgent pending tickets, route old new incidents out of the
 * default group, close old solved problems, escalate and assign a team's stale high ones. Each
 * also tags the ticket with its own tag, which a condition excludes: it acts once per ticket.
 * Assigning mails the new assignee and solving mails the requester (mail.out.ts), as an agent's
 * change would.
 */
export function automationBodies({ agents, defaultGroup }: { agents: Agent[]; defaultGroup: number }) {
  const agent = (n: number) => agents[n % agents.length] as Agent;
  const teams = [...new Set(agents.map((a) => a.group))];
  const team = (n: number) => teams[n % teams.length] as number;
  const agentOf = (group: number) => agents.find((a) => a.group === group) as Agent;
  const assign = (a: Agent): Action[] => [
    { action: 'set_group', value: a.group },
    { action: 'set_assignee', value: a.id },
  ];
  const types = ['question', 'incident', 'problem', 'task'];
  const out: unknown[] = [];
  for (let i = 0; i < 20; i++) {
    const tag = `auto-${i}`;
    const hours = 24 * (i + 1);
    let title: string;
    let all: Condition[];
    let actions: Action[];
    if (i < 10) {
      switch (i % 5) {
        case 0:
          title = 'Assign unassigned tickets a day on';
          all = [is('hours_since_created', hours), is('assignee_id', null)];
          actions = assign(agent(i));
          break;
        case 1:
          title = 'Escalate open tickets nobody touched';
          all = [is('hours_since_updated', hours), is('ticket_state', 'open')];
          actions = [
            { action: 'set_priority', value: 'high' },
            { action: 'set_group', value: team(i) },
          ];
          break;
        case 2:
          title = 'Solve tickets pending too long';
          all = [is('hours_since_pending', hours)];
          actions = [{ action: 'set_state', value: 'solved' }];
          break;
        case 3:
          title = 'Close solved tickets';
          all = [is('hours_since_solved', hours)];
          actions = [{ action: 'set_state', value: 'closed' }];
          break;
        default:
          title = 'Hand stale assignments to another team';
          all = [is('hours_since_assigned', hours), is('ticket_state', 'open')];
          actions = assign(agent(i + 7));
      }
    } else {
      const k = i - 10;
      switch (i) {
        case 16:
          title = 'Route old new incidents out of the default group';
          all = [is('ticket_state', 'new'), is('group_id', defaultGroup), is('ticket_type', 'incident')];
          all.push(over('hours_since_created', 24));
          actions = [{ action: 'set_group', value: team(i) }];
          break;
        case 18:
          title = 'Close old solved problems';
          all = [is('priority', 'urgent'), is('ticket_type', 'problem'), over('hours_since_solved', 96)];
          actions = [{ action: 'set_state', value: 'closed' }];
          break;
        case 19:
          title = "Escalate and assign a team's stale high tickets";
          all = [is('ticket_state', 'open'), is('priority', 'high'), is('group_id', team(3))];
          all.push(over('hours_since_updated', 24 * i));
          actions = [{ action: 'set_priority', value: 'urgent' }, ...assign(agentOf(team(3)))];
          break;
        default:
          if (i % 2 === 0) {
            title = "Assign a team's stale urgent tickets";
            all = [is('ticket_state', 'open'), is('priority', 'urgent'), is('group_id', team(k))];
            all.push(over('hours_since_updated', 24 * i));
            actions = assign(agents.filter((a) => a.group === team(k))[1] ?? agentOf(team(k)));
          } else {
            title = 'Solve stale urgent pending tickets';
            all = [is('ticket_state', 'pending'), is('priority', 'urgent'), is('ticket_type', types[k % 4])];
            all.push(over('hours_since_updated', 24 * i));
            actions = [{ action: 'set_state', value: 'solved' }];
          }
      }
    }
    out.push({
      title: `Bench ${i}: ${title}`,
      conditions: { all: [...all, { field: 'tags', operator: 'excludes', value: [tag] }], any: [] },
      actions: [...actions, { action: 'add_tags', value: [tag] }],
    });
  }
  return out;
}

/**
 * An SLA policy for every ticket: first reply and resolution per priority, time while pending
 * not counted. Saving it sets the open tickets' targets (a job of the server); the bench then
 * marks at once what the years before it would have breached (`markOldBreaches`).
 */
export const slaPolicyBody = {
  title: 'Bench targets',
  conditions: { all: [], any: [] },
  targets: {
    low: { first_reply: 24 * 60, resolution: 30 * 24 * 60 },
    normal: { first_reply: 8 * 60, resolution: 14 * 24 * 60 },
    high: { first_reply: 4 * 60, resolution: 3 * 24 * 60 },
    urgent: { first_reply: 60, resolution: 24 * 60 },
  },
  pause_pending: true,
};

/** The mails an SMTP server took, by ticket, recipient and subject. */
export interface MailSink {
  port: number;
  /** Mails taken (one per recipient). */
  count(): number;
  /** Mails taken more than once: the same ticket, recipient and subject. */
  duplicates(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startMailSink(): Promise<MailSink> {
  const seen = new Map<string, number>();
  let count = 0;
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const ticket = /^X-Parley-Ticket: (\d+)\r$/m.exec(raw)?.[1];
        const subject = /^Subject: (.*)\r$/m.exec(raw)?.[1];
        for (const to of session.envelope.rcptTo) {
          count++;
          const key = `${ticket}|${to.address.toLowerCase()}|${subject}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port,
    count: () => count,
    duplicates: () => [...seen.values()].reduce((n, v) => n + v - 1, 0),
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The email channel pointed at the sink (IMAP at a closed port: nothing is fetched). */
export const emailSettings = (port: number) => ({
  sender: 'Bench Support <support@bench.example>',
  smtp_host: `127.0.0.1:${port}`,
  imap_host: '127.0.0.1:9',
  gateway: 'bench.example',
  account: 'support@bench.example',
  password: 'bench-mail',
  use_ssl: false,
});
