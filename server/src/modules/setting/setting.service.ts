import {
  commonSettingMaxBytes,
  parseBlocklist,
  reservedSettingModules,
  type TEmailSetting,
  type TTicketSetting,
  type ZEmailEditRequest,
  type ZTicketSettingEditRequest,
} from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { invalid, invalidWith } from '../../http/app-error.js';
import { assertUploaded, deleteUpload } from '../file/file.service.js';
import { getBranding } from '../home/branding.repo.js';
import { listModule, readSetting, readSettingForUpdate, writeCommonSetting, writeSetting } from './setting.repo.js';

const isReserved = (module: string) => (reservedSettingModules as readonly string[]).includes(module);

export async function commonList(db: DbOrTx, module: string) {
  if (isReserved(module)) {
    throw invalid('setting_reserved', 'setting_module');
  }
  const rows = await listModule(db, module);
  return {
    list: rows.map((r) => ({
      setting_module: r.settingModule,
      setting_key: r.settingKey,
      setting_value: r.settingValue,
    })),
  };
}

/** Modules with their own calls (email holds a password) are not reachable through common.*. */
export async function commonEdit(
  db: DbOrTx,
  input: { setting_module: string; setting_key: string; setting_value: unknown },
) {
  if (isReserved(input.setting_module)) {
    throw invalid('setting_reserved', 'setting_module');
  }
  if (Buffer.byteLength(JSON.stringify(input.setting_value)) > commonSettingMaxBytes) {
    throw invalid('field_too_long', 'setting_value');
  }
  await writeCommonSetting(db, input.setting_module, input.setting_key, input.setting_value);
}

// Email ---------------------------------------------------------------------------------------

type StoredEmail = Omit<TEmailSetting, 'has_password'> & { password: string };

const emailDefaults: StoredEmail = {
  sender: '',
  smtp_host: '',
  imap_host: '',
  gateway: '',
  account: '',
  password: '',
  use_ssl: true,
  use_bottom_ad: false,
  bottom_ad_image: '',
  bottom_ad_image_url: '',
  use_bottom_tips: false,
  bottom_tips: '',
};

/**
 * The stored email settings, password included: for the email work only. Stored in the
 * database as it is, since SMTP and IMAP need it in clear; it never leaves through the API.
 */
export async function readEmailSettings(db: DbOrTx): Promise<StoredEmail> {
  return { ...emailDefaults, ...((await readSetting(db, 'email', 'config')) as Partial<StoredEmail> | undefined) };
}

export async function emailGet(db: DbOrTx): Promise<TEmailSetting> {
  const { password, ...rest } = await readEmailSettings(db);
  return { ...rest, has_password: password !== '' };
}

export async function emailEdit({ db, files }: AppContext, input: z.output<typeof ZEmailEditRequest>) {
  if (input.use_bottom_ad && !input.bottom_ad_image) {
    throw invalid('required_field', 'bottom_ad_image');
  }
  if (input.use_bottom_tips && !input.bottom_tips) {
    throw invalid('required_field', 'bottom_tips');
  }
  const replaced = await db.transaction(async (tx) => {
    const stored = { ...emailDefaults, ...((await readSettingForUpdate(tx, 'email', 'config')) as object | undefined) };
    // An empty password keeps the stored one; there must be one.
    const password = input.password || stored.password;
    if (!password) {
      throw invalid('required_password', 'password');
    }
    if (input.bottom_ad_image !== stored.bottom_ad_image) {
      await assertUploaded(files, input.bottom_ad_image, 'ad_image', 'bottom_ad_image');
    }
    await writeSetting(tx, 'email', 'config', { ...input, password });
    return stored.bottom_ad_image !== input.bottom_ad_image ? stored.bottom_ad_image : null;
  });
  if (replaced) {
    await deleteUpload(files, replaced, 'ad_image');
  }
}

// Branding ------------------------------------------------------------------------------------

export async function brandingEdit({ db, files }: AppContext, favicon: string) {
  const replaced = await db.transaction(async (tx) => {
    const stored = ((await readSettingForUpdate(tx, 'appearance', 'branding')) ?? {}) as Record<string, unknown>;
    const old = typeof stored.favicon === 'string' ? stored.favicon : '';
    if (favicon !== old) {
      await assertUploaded(files, favicon, 'favicon', 'favicon');
    }
    await writeSetting(tx, 'appearance', 'branding', { ...stored, favicon });
    return old !== favicon ? old : null;
  });
  if (replaced) {
    await deleteUpload(files, replaced, 'favicon');
  }
  return getBranding(db);
}

// Ticket settings -----------------------------------------------------------------------------

export const ticketSettingDefaults: TTicketSetting = {
  show_hyperlink: true,
  public_comment: true,
  can_attach: true,
  include_attach: true,
  enable_tag: true,
  auto_assign: false,
  allow_reassign: true,
  allow_score: true,
  enable_follow: true,
  enable_ccs: true,
  follow_and_ccs_blacklist: '',
};

/** For the ticket work: the settings in force. */
export async function getTicketSettings(db: DbOrTx): Promise<TTicketSetting> {
  return {
    ...ticketSettingDefaults,
    ...((await readSetting(db, 'ticket', 'config')) as Partial<TTicketSetting> | undefined),
  };
}

/** The CC and follower blocklist, normalised by contracts' rule (shared with the form); a bad entry is named. */
export function normaliseBlacklist(text: string): string {
  const parsed = parseBlocklist(text);
  if (!parsed.ok) {
    throw invalidWith('blacklist_entry_invalid', 'follow_and_ccs_blacklist', { entry: parsed.entry });
  }
  return parsed.value;
}

export async function ticketSettingEdit({ db }: AppContext, input: z.output<typeof ZTicketSettingEditRequest>) {
  const changes: Partial<TTicketSetting> = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as Partial<TTicketSetting>;
  if (changes.follow_and_ccs_blacklist !== undefined) {
    changes.follow_and_ccs_blacklist = normaliseBlacklist(changes.follow_and_ccs_blacklist);
  }
  await db.transaction(async (tx) => {
    const stored = (await readSettingForUpdate(tx, 'ticket', 'config')) as Partial<TTicketSetting> | undefined;
    await writeSetting(tx, 'ticket', 'config', { ...ticketSettingDefaults, ...stored, ...changes });
  });
}
