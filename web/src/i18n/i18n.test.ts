import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { allStaffRoutes, messages } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { publicRoutes } from '../routes/table';
import { chatSettingsStrings } from './chatSettingsStrings';
import en from './en.json';
import { fieldsStrings } from './fieldsStrings';
import { forgotStrings } from './forgotStrings';
import { i18n, translateMessage } from './index';
import { reportStrings } from './reportStrings';
import { rulesStrings } from './rulesStrings';
import staffEn from './staff.en.json';
import staffZhCn from './staff.zh-cn.json';
import zhCn from './zh-cn.json';

type TTree = { [key: string]: string | TTree };

function flatten(tree: TTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      out.set(path, value);
    } else {
      for (const [k, v] of flatten(value, path)) {
        out.set(k, v);
      }
    }
  }
  return out;
}

// The strings screens add when they load (staff, chat settings, rules, reports, forgot password) are checked with the rest.
// Catalogues share sections (route titles are in the public and the staff one): merge their keys.
const keysOf = (...trees: TTree[]) => new Map(trees.flatMap((tree) => [...flatten(tree)]));
const enKeys = keysOf(
  en,
  staffEn,
  chatSettingsStrings.en,
  rulesStrings.en,
  reportStrings.en,
  fieldsStrings.en,
  forgotStrings.en,
);
const zhKeys = keysOf(
  zhCn,
  staffZhCn,
  chatSettingsStrings['zh-cn'],
  rulesStrings['zh-cn'],
  reportStrings['zh-cn'],
  fieldsStrings['zh-cn'],
  forgotStrings['zh-cn'],
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return sourceFiles(path);
    }
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

describe('translations', () => {
  it('have the same keys in en and zh-cn', () => {
    expect([...zhKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys.keys()].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('leave no text empty and keep the same {{placeholders}}', () => {
    for (const [key, text] of enKeys) {
      const other = zhKeys.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(other.trim(), key).not.toBe('');
      const names = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      expect(names(other), key).toEqual(names(text));
    }
  });

  it('give the public pages every text they use without the staff strings', () => {
    const publicKeys = flatten(en);
    const files = [
      ...sourceFiles(join(__dirname, '../features/home')),
      ...sourceFiles(join(__dirname, '../features/auth')),
      ...sourceFiles(join(__dirname, '../features/errors')),
      ...sourceFiles(join(__dirname, '../components/light')),
      ...[
        'PublicFrame.tsx',
        'LanguageSwitch.tsx',
        'BrandMark.tsx',
        'PageLoading.tsx',
        'ImageUpload.tsx',
        'useUploadList.ts',
      ].map((f) => join(__dirname, '../components', f)),
    ];
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)]
        .map((m) => m[1] as string)
        .filter((key) => !publicKeys.has(key) && !publicKeys.has(`${key}_other`)),
    );
    expect(missing).toEqual([]);
  });

  it('title every route of the contracts and every public route, in both languages', () => {
    const keys = [...allStaffRoutes.map((r) => r.key), ...publicRoutes.map((r) => r.key)];
    const missing = keys.flatMap((key) =>
      [enKeys, zhKeys].flatMap((table, i) => (table.has(`route.${key}`) ? [] : [`${i ? 'zh-cn' : 'en'}: ${key}`])),
    );
    expect(missing).toEqual([]);
  });

  it('has every key the code asks for with a literal t("...")', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)) {
        if (m[1]) {
          used.add(m[1]);
        }
      }
    }
    expect(used.size).toBeGreaterThan(20);
    // A counted text (`t('todo.button', { count })`) lives under i18next's plural keys.
    const known = (key: string) => enKeys.has(key) || (enKeys.has(`${key}_one`) && enKeys.has(`${key}_other`));
    expect([...used].filter((key) => !known(key))).toEqual([]);
  });

  it('translates the contracts messages in the chosen language', async () => {
    await i18n.changeLanguage('zh-cn');
    expect(translateMessage('passwords_inconsistent')).toBe(messages.passwords_inconsistent['zh-cn']);
    expect(i18n.t('route.setting_people')).toBe(staffZhCn.route.setting_people);
    await i18n.changeLanguage('en');
    expect(translateMessage('email_format')).toBe('Incorrect mailbox format');
    expect(translateMessage('Some server text')).toBe('Some server text');
  });
});
