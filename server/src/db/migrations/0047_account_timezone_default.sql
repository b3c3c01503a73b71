-- An account's time zone: null is "none chosen", and it follows Settings › Localization's default
-- time zone (also when the default changes later); a value is one the account chose. The first
-- admin and everyone made without a time zone had the default copied in at creation (or 'UTC',
-- the column's default), so they kept UTC after the default changed. Those holding the current
-- default or UTC follow the default from now on: what they show today stays the same, or becomes
-- the help desk's default where they never had a say in it.
ALTER TABLE "account" ALTER COLUMN "timezone" DROP NOT NULL;
ALTER TABLE "account" ALTER COLUMN "timezone" DROP DEFAULT;
UPDATE "account" SET "timezone" = NULL
  WHERE "timezone" = 'UTC'
    OR "timezone" = (
      SELECT s.setting_value->>'default_timezone' FROM setting s
      WHERE s.setting_module = 'account' AND s.setting_key = 'localization'
    );
