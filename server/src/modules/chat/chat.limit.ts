import { throttled } from '../../http/app-error.js';

/**
 * Visitors' messages per chat and per address: a sliding count per key in this process. A
 * visitor whose requests land on several processes gets that many times the allowance, which
 * still stops a flood; the chat start itself is limited in the database, across processes.
 */
export class VisitorLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  check(...keys: string[]): void {
    const now = Date.now();
    for (const key of keys) {
      const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
      if (recent.length >= this.max) {
        this.hits.set(key, recent);
        throw throttled('rate_limited');
      }
    }
    for (const key of keys) {
      const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
      recent.push(now);
      this.hits.set(key, recent);
    }
    if (this.hits.size > 50_000) {
      this.hits.clear();
    }
  }
}

/** 30 messages in 10 s per chat, 120 per address (an office behind one address has many visitors). */
export const visitorLimiter = new VisitorLimiter(30, 10_000);
export const addressLimiter = new VisitorLimiter(120, 10_000);
