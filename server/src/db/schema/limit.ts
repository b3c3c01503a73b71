import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (sign-in attempts, public submissions) as `rate-limiter-flexible`'s Drizzle
 * store keeps them: one row per key, raised by a single `INSERT … ON CONFLICT … RETURNING`, so
 * parallel requests cannot all pass one check. Unused when `REDIS_URL` is set (Redis keeps them).
 */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});
