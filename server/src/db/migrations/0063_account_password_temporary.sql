-- The first admin's password when Parley generated it at the first start (no ADMIN_PASSWORD) and
-- printed it once in the console: the back office asks them to set their own until the password
-- is changed, by any path (My profile, an admin's edit, a set-password link). Accounts made
-- before this migration are not flagged: whether their password is still the printed one is
-- not known.
ALTER TABLE "account" ADD COLUMN IF NOT EXISTS "password_temporary" boolean NOT NULL DEFAULT false;
