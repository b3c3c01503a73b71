import type { TChatMessage, TChatState } from '@parley/contracts';
import type { Logger } from 'pino';
import type { Tx } from '../db/client.js';

/**
 * What happened, as the rest of the product hears it. Services record these inside their
 * transaction (`emit`); the bus hands them to subscribers only once that transaction committed,
 * and never when it rolled back. The ticket event log (`ticket_event`) stays the audit trail;
 * these are the notices that real time, mail, triggers and reports act on.
 */
export interface DomainEvents {
  /** A ticket was created (any source); `commentId` is its first comment. */
  'ticket.created': { ticketId: number; actorId: number | null; source: string; commentId: number | null };
  /**
   * A comment was added to an existing ticket (reply, note, mail, chat message). `mailedTo`: made
   * from an incoming mail, the addresses that mail was from and written to (From, To, Cc), who
   * have its words from its writer already.
   */
  'ticket.commented': {
    ticketId: number;
    actorId: number | null;
    commentId: number;
    isPublic: boolean;
    mailedTo?: string[];
  };
  /** Any entry of the ticket's event log: the fields that changed, in order. */
  'ticket.changed': { ticketId: number; actorId: number | null; fields: string[] };
  /**
   * The system's changes to many tickets at once (an automation's batch, a batch of SLA
   * breaches): each has its rows in its event log; `ticketIds` are all of them, `kinds` the same
   * tickets by what changed on them (`fields` changed on every ticket of a kind). The subscribers
   * that keep derived data (reports, SLA targets) refresh them all together, once; mail queues
   * what each kind's change causes (a solve, an assignment). The triggers' pass has run on each
   * already (the writer runs it itself): `fields` has what the triggers changed too.
   */
  'tickets.changed': {
    ticketIds: number[];
    actorId: number | null;
    kinds: Array<{ ticketIds: number[]; fields: string[] }>;
  };
  /** A visitor started a chat (its ticket was created in the same transaction). */
  'chat.started': { ticketId: number };
  /** A chat message was stored: the message as clients receive it. */
  'chat.message': { message: TChatMessage };
  /**
   * An agent took the chat (accept, auto-assign or transfer); `previousId` had it before, `actorId`
   * made the change (the agent themself for an accept, the one transferring, null for auto-assign).
   */
  'chat.accepted': {
    ticketId: number;
    accountId: number;
    agentName: string;
    previousId: number | null;
    actorId: number | null;
  };
  /** The chat went back to the queue (transfer to a group). */
  'chat.queued': { ticketId: number };
  /** The chat ended (the end-chat message is its own `chat.message`). */
  'chat.ended': { ticketId: number };
  /**
   * Some or all of an account's sessions stopped working: a sign-out (that session), a new
   * password or a suspension (every one), a demotion to end user or the account deleted. The
   * real-time layer cuts the account's sockets whose token no longer signs in, on every process.
   */
  'account.sessions_ended': { accountId: number };
  /** An agent's chat state changed (online, away, invisible, offline): their visitors are told of going offline and back. */
  'account.chat_state': { accountId: number; chatState: TChatState; previous: TChatState; agentName: string };
  /** Business rules fired on a ticket (counted per day for the reports after commit). */
  'rule.fired': { kind: 'trigger' | 'automation'; ruleIds: number[]; ticketId: number };
}

export type EventType = keyof DomainEvents;
export type DomainEvent = { [K in EventType]: { type: K } & DomainEvents[K] }[EventType];
export type EventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

type AfterCommit<K extends EventType> = (event: EventOf<K>) => void | Promise<void>;
type BeforeCommit<K extends EventType> = (event: EventOf<K>, tx: Tx) => Promise<void>;

/**
 * The in-process bus. `on` subscribers run after commit; a failing subscriber is logged and
 * never undoes the write nor stops the others. `beforeCommit` subscribers run inside the
 * writer's transaction (a job queued there commits or rolls back with the write: the outbox).
 */
export class EventBus {
  private readonly after = new Map<EventType, AfterCommit<EventType>[]>();
  private readonly before = new Map<EventType, BeforeCommit<EventType>[]>();

  constructor(private readonly log?: Logger) {}

  on<K extends EventType>(type: K, fn: AfterCommit<K>): () => void {
    return add(this.after, type, fn as unknown as AfterCommit<EventType>);
  }

  /**
   * `first`: before the subscribers already there (the triggers' pass, whose changes the others
   * must see: it adds them to the event's fields).
   */
  beforeCommit<K extends EventType>(type: K, fn: BeforeCommit<K>, options: { first?: boolean } = {}): () => void {
    return add(this.before, type, fn as unknown as BeforeCommit<EventType>, options.first);
  }

  hasBeforeCommit(type: EventType): boolean {
    return (this.before.get(type)?.length ?? 0) > 0;
  }

  /** Called by `transact` inside the transaction, once per event, in order. */
  async runBeforeCommit(event: DomainEvent, tx: Tx): Promise<void> {
    for (const fn of this.before.get(event.type) ?? []) {
      await fn(event, tx);
    }
  }

  /** Called by `transact` after commit: each subscriber sees the events in the order emitted. */
  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const fn of this.after.get(event.type) ?? []) {
        try {
          await fn(event);
        } catch (error) {
          this.log?.error({ err: error, event: event.type }, 'event subscriber failed');
        }
      }
    }
  }
}

function add<F>(map: Map<EventType, F[]>, type: EventType, fn: F, first = false): () => void {
  const list = map.get(type) ?? [];
  if (first) {
    list.unshift(fn);
  } else {
    list.push(fn);
  }
  map.set(type, list);
  return () => {
    const at = list.indexOf(fn);
    if (at >= 0) {
      list.splice(at, 1);
    }
  };
}
