import {
  seededDefaults,
  storedSeeded,
  type TChatSetting,
  type TWidgetSetting,
  ZChatSetting,
  ZWidgetSetting,
} from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { readSetting, writeSetting } from '../setting/setting.repo.js';

/** Widget settings: one stored object, defaults for whatever was never saved. */
export async function getWidgetSetting(db: DbOrTx): Promise<TWidgetSetting> {
  const stored = await readSetting(db, 'chat_widget', 'setting');
  const parsed = ZWidgetSetting.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZWidgetSetting.parse({});
}

/** The default title, as the screen shows it in the admin's language, stays the default (translated for each visitor). */
export async function editWidgetSetting(db: DbOrTx, value: TWidgetSetting): Promise<void> {
  await writeSetting(db, 'chat_widget', 'setting', {
    ...value,
    title: storedSeeded(value.title, seededDefaults.widgetTitle),
  });
}

/**
 * Settings › Chats. Before they had a screen of their own, the greeting, auto-assign and the
 * per-agent limit were saved with the widget: those values carry over until Chats is saved.
 */
export async function getChatSetting(db: DbOrTx): Promise<TChatSetting> {
  const stored = await readSetting(db, 'chat', 'setting');
  if (stored === null || stored === undefined) {
    const widget = (await readSetting(db, 'chat_widget', 'setting')) as Record<string, unknown> | null;
    const carried = ZChatSetting.safeParse({
      greeting: widget?.greeting,
      auto_assign: widget?.auto_assign,
      agent_chat_limit: widget?.agent_chat_limit,
    });
    return carried.success ? carried.data : ZChatSetting.parse({});
  }
  const parsed = ZChatSetting.safeParse(stored);
  return parsed.success ? parsed.data : ZChatSetting.parse({});
}

/** The default greeting, as the screen shows it in the admin's language, stays the default (translated for each visitor). */
export async function editChatSetting(db: DbOrTx, value: TChatSetting): Promise<void> {
  await writeSetting(db, 'chat', 'setting', {
    ...value,
    greeting: storedSeeded(value.greeting, seededDefaults.chatGreeting),
  });
}

/** May a page of this origin embed the widget? An empty list allows any. */
export function originAllowed(setting: TWidgetSetting, origin: string | undefined): boolean {
  if (!origin || setting.allowed_origins.length === 0) {
    return true;
  }
  return setting.allowed_origins.some((o) => o.toLowerCase() === origin.toLowerCase());
}
