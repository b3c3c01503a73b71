-- Mailed links to set an account's password (docs/decisions/0018-invitations.md): an invitation
-- (7 days) or a reset (1 hour). Only the SHA-256 of a link's token is kept, written when the mail
-- is sent (null before); a link works once (used_ts), and a newer one replaces the older.
CREATE TABLE IF NOT EXISTS password_link (
  link_id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES account(account_id) ON DELETE CASCADE,
  purpose text NOT NULL,
  token_hash text,
  create_ts bigint NOT NULL,
  expires_ts bigint NOT NULL,
  used_ts bigint
);
CREATE UNIQUE INDEX IF NOT EXISTS password_link_token_idx ON password_link (token_hash);
CREATE INDEX IF NOT EXISTS password_link_account_idx ON password_link (account_id);
