import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import type { SessionWithAccount } from './session.repo.js';

const channel = 'parley_auth';
/** Even without a notification, nothing cached is trusted for longer than this. */
const maxAgeMs = 30_000;
const maxSessions = 20_000;

interface Cached<T> {
  value: T;
  loadedAt: number;
}

/**
 * Sessions and granted nodes kept in memory, so that a signed-in call costs no database round
 * trip. Every write that changes who may do what (sign-out, password, suspension, roles,
 * packages) calls `changed()`: this process forgets at once, and a `NOTIFY` tells every other
 * process on the same database to forget too.
 */
export class AuthCache {
  private sessions = new Map<string, Cached<SessionWithAccount>>();
  private nodes = new Map<number, Cached<Set<string>>>();

  constructor(private readonly now: () => number = Date.now) {}

  async subscribe(database: Database): Promise<() => Promise<void>> {
    return database.listen(
      channel,
      (payload) => this.apply(payload),
      () => this.clear(),
    );
  }

  getSession(tokenHash: string): SessionWithAccount | undefined {
    return this.fresh(this.sessions, tokenHash);
  }

  setSession(tokenHash: string, value: SessionWithAccount): void {
    if (this.sessions.size >= maxSessions) {
      this.sessions.clear();
    }
    this.sessions.set(tokenHash, { value, loadedAt: this.now() });
  }

  getNodes(accountId: number): Set<string> | undefined {
    return this.fresh(this.nodes, accountId);
  }

  setNodes(accountId: number, value: Set<string>): void {
    this.nodes.set(accountId, { value, loadedAt: this.now() });
  }

  /**
   * Records a change: `accountId` for one account's sessions or roles, `'*'` for anything that
   * can touch many (a package or role edit). Call it inside the write's transaction: the
   * notification goes out only if the transaction commits, and it also clears this process now.
   */
  async changed(db: DbOrTx, accountId: number | '*'): Promise<void> {
    this.apply(String(accountId));
    await db.execute(sql`SELECT pg_notify(${channel}, ${String(accountId)})`);
  }

  clear(): void {
    this.sessions.clear();
    this.nodes.clear();
  }

  private apply(payload: string): void {
    if (payload === '*') {
      this.clear();
      return;
    }
    const accountId = Number(payload);
    this.nodes.delete(accountId);
    for (const [key, entry] of this.sessions) {
      if (entry.value.account.accountId === accountId) {
        this.sessions.delete(key);
      }
    }
  }

  private fresh<K, T>(map: Map<K, Cached<T>>, key: K): T | undefined {
    const entry = map.get(key);
    if (!entry) {
      return undefined;
    }
    if (this.now() - entry.loadedAt > maxAgeMs) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }
}
