import type { Db } from './db/client.js';
import type { AuthCache } from './modules/auth/auth-cache.js';

/** What every feature's routes and services are given: the database and the shared auth cache. */
export interface AppContext {
  db: Db;
  authCache: AuthCache;
}
