import type { TBrandingResponse } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { setting } from '../../db/schema/index.js';
import { readDetails, readLocalization } from '../account-setting/account-setting.repo.js';

/** The public face: favicon (Branding), name and site (Details), defaults (Localization). */
export async function getBranding(db: DbOrTx): Promise<TBrandingResponse> {
  const [rows, details, localization] = await Promise.all([
    db
      .select({ value: setting.settingValue })
      .from(setting)
      .where(and(eq(setting.settingModule, 'appearance'), eq(setting.settingKey, 'branding')))
      .limit(1),
    readDetails(db),
    readLocalization(db),
  ]);
  const stored = (rows[0]?.value ?? {}) as { favicon?: unknown };
  return {
    favicon: typeof stored.favicon === 'string' ? stored.favicon : '',
    brand_name: details.helpdesk_name,
    site_url: details.site_url,
    ...localization,
  };
}
