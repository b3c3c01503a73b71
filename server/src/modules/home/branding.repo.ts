import type { TBrandingResponse } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { setting } from '../../db/schema/index.js';

export const defaultBranding: TBrandingResponse = { favicon: '', brand_name: 'Parley' };

export async function getBranding(db: DbOrTx): Promise<TBrandingResponse> {
  const rows = await db
    .select({ value: setting.settingValue })
    .from(setting)
    .where(and(eq(setting.settingModule, 'appearance'), eq(setting.settingKey, 'branding')))
    .limit(1);
  const stored = (rows[0]?.value ?? {}) as Partial<TBrandingResponse>;
  return { ...defaultBranding, ...stored };
}
