import type { Logger } from 'pino';
import type { Db } from './db/client.js';
import type { EventBus } from './events/bus.js';
import type { JobQueue } from './jobs/queue.js';
import type { Actor } from './modules/auth/actor.js';
import type { AuthCache } from './modules/auth/auth-cache.js';
import type { ChatPresence } from './modules/chat/chat.presence.js';
import type { FileStore } from './modules/file/file.store.js';
import type { Limits } from './modules/limit/limits.js';

/** What every feature's routes and services are given: the log, the database, the shared auth cache, the file store, the event bus. */
export interface AppContext {
  log: Logger;
  db: Db;
  authCache: AuthCache;
  files: FileStore;
  /** Domain events, published after their transaction commits (`transact` in `events/`). */
  events: EventBus;
  /** Chat agents with a live socket; set by the real-time layer (`realtime/`). */
  chatPresence: ChatPresence;
  /** Durable background jobs (mail out, mail in), in the database (`jobs/queue.ts`). */
  jobs: JobQueue;
  /** Rate limits (sign-in, public intake), atomic and shared by every process (`limit/limits.ts`). */
  limits: Limits;
  /** The address people use (links in mails), without a trailing slash. */
  publicUrl: string;
}

/** What a service that acts for a signed-in caller is given: the app's context and the caller. */
export type ActorContext = AppContext & { actor: Actor };
