-- How far the fetch has read each mailbox (mail.fetch.ts): the highest UID imported, under the
-- mailbox's UIDVALIDITY. A fetch reads every mail above it, seen or not (someone may have opened
-- it in webmail or on a phone first), and the unseen ones below it. `mailbox` names the server
-- and account (host:port/user, lower case).
CREATE TABLE IF NOT EXISTS mail_fetch_mark (
  mailbox text PRIMARY KEY,
  uid_validity bigint NOT NULL,
  last_uid bigint NOT NULL,
  update_ts bigint NOT NULL
);
