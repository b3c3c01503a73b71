import type { TDateFormat, TDetails, TLanguage, TLocalization } from '@parley/contracts';
import { dateFormats, languageCodes } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readSetting, writeSetting } from '../setting/setting.repo.js';

/** Both live in the reserved `account` settings module: only their own calls write them. */
const module = 'account';

export const defaultDetails: TDetails = { helpdesk_name: 'Parley', site_url: '' };
export const defaultLocalization: TLocalization = {
  default_language: 'en',
  default_timezone: 'UTC',
  date_format: 'medium',
};

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

export async function readDetails(db: DbOrTx): Promise<TDetails> {
  const stored = ((await readSetting(db, module, 'details')) ?? {}) as Record<string, unknown>;
  return {
    helpdesk_name: text(stored.helpdesk_name, defaultDetails.helpdesk_name) || defaultDetails.helpdesk_name,
    site_url: text(stored.site_url, defaultDetails.site_url),
  };
}

export async function writeDetails(db: DbOrTx, details: TDetails): Promise<void> {
  await writeSetting(db, module, 'details', details);
}

/** The stored localization; a value this version no longer knows falls back to the default. */
export async function readLocalization(db: DbOrTx): Promise<TLocalization> {
  const stored = ((await readSetting(db, module, 'localization')) ?? {}) as Record<string, unknown>;
  const language = text(stored.default_language, '');
  const format = text(stored.date_format, '');
  return {
    default_language: (languageCodes as readonly string[]).includes(language)
      ? (language as TLanguage)
      : defaultLocalization.default_language,
    default_timezone: text(stored.default_timezone, '') || defaultLocalization.default_timezone,
    date_format: (dateFormats as readonly string[]).includes(format)
      ? (format as TDateFormat)
      : defaultLocalization.date_format,
  };
}

export async function writeLocalization(db: DbOrTx, value: TLocalization): Promise<void> {
  await writeSetting(db, module, 'localization', value);
}

/**
 * What a new account gets when its maker chose no language or time zone: the default language,
 * and no time zone of its own (it follows the default, also when the default changes).
 */
export async function newAccountDefaults(db: DbOrTx): Promise<{ defaultLanguage: string; timezone: null }> {
  const l = await readLocalization(db);
  return { defaultLanguage: l.default_language, timezone: null };
}

/**
 * An account's time zone in force, in SQL over `account`: its own, or, when it chose none (null),
 * Settings › Localization's default as readLocalization reads it. What the profile, sign-in and
 * reports show; the stored value stays null until the account picks another.
 */
export const timezoneInForce = sql<string>`coalesce("account"."timezone",
  (SELECT CASE WHEN jsonb_typeof(s.setting_value->'default_timezone') = 'string'
      THEN nullif(s.setting_value->>'default_timezone', '') END
    FROM setting s WHERE s.setting_module = ${module} AND s.setting_key = 'localization'),
  ${defaultLocalization.default_timezone})`;
