import type { TReservedSettingModule } from '@parley/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { setting } from '../../db/schema/index.js';

/** A setting of a module with its own calls (`common.*` reach only the others: `readCommon`...). */
export async function readSetting(db: DbOrTx, module: TReservedSettingModule, key: string): Promise<unknown> {
  // Read by most calls: a template, not the query builder (db/rows.ts).
  const rows = await queryRows<{ value: unknown }>(
    db,
    sql`SELECT setting_value AS value FROM setting WHERE setting_module = ${module} AND setting_key = ${key} LIMIT 1`,
  );
  return rows[0]?.value;
}

/** Reads a setting inside a write's transaction, holding its row until commit. */
export async function readSettingForUpdate(tx: DbOrTx, module: TReservedSettingModule, key: string): Promise<unknown> {
  const rows = await tx
    .select({ value: setting.settingValue })
    .from(setting)
    .where(and(eq(setting.settingModule, module), eq(setting.settingKey, key)))
    .for('update');
  return rows[0]?.value;
}

export function writeSetting(db: DbOrTx, module: TReservedSettingModule, key: string, value: unknown): Promise<void> {
  return upsert(db, module, key, value);
}

/** A setting of a module without calls of its own (`common.edit`; the caller refused reserved ones). */
export function writeCommonSetting(db: DbOrTx, module: string, key: string, value: unknown): Promise<void> {
  return upsert(db, module, key, value);
}

async function upsert(db: DbOrTx, module: string, key: string, value: unknown): Promise<void> {
  const now = Date.now();
  await db
    .insert(setting)
    .values({ settingModule: module, settingKey: key, settingValue: value, updateTs: now })
    .onConflictDoUpdate({
      target: [setting.settingModule, setting.settingKey],
      set: { settingValue: sql`excluded.setting_value`, updateTs: now },
    });
}

export async function listModule(db: DbOrTx, module: string) {
  return db.select().from(setting).where(eq(setting.settingModule, module)).orderBy(asc(setting.settingKey));
}
