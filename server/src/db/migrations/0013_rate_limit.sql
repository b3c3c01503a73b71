-- Rate-limit counters (schema/limit.ts): sign-in attempts and public submissions, raised
-- atomically by rate-limiter-flexible's Drizzle store. The check-then-insert tables they replace
-- (login_failure, ticket_throttle) go.
CREATE TABLE rate_limit (
  key text PRIMARY KEY NOT NULL,
  points integer DEFAULT 0 NOT NULL,
  expire timestamp with time zone
);
CREATE INDEX rate_limit_expire_idx ON rate_limit (expire);
DROP TABLE IF EXISTS login_failure;
DROP TABLE IF EXISTS ticket_throttle;
