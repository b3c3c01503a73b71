import { type TWidgetSetting, ZWidgetSetting } from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { readSetting, writeSetting } from '../setting/setting.repo.js';

/** Widget and chat routing settings: one stored object, defaults for whatever was never saved. */
export async function getWidgetSetting(db: DbOrTx): Promise<TWidgetSetting> {
  const stored = await readSetting(db, 'chat_widget', 'setting');
  const parsed = ZWidgetSetting.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZWidgetSetting.parse({});
}

export async function editWidgetSetting(db: DbOrTx, value: TWidgetSetting): Promise<void> {
  await writeSetting(db, 'chat_widget', 'setting', value);
}

/** May a page of this origin embed the widget? An empty list allows any. */
export function originAllowed(setting: TWidgetSetting, origin: string | undefined): boolean {
  if (!origin || setting.allowed_origins.length === 0) {
    return true;
  }
  return setting.allowed_origins.some((o) => o.toLowerCase() === origin.toLowerCase());
}
