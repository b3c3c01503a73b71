import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore, languageStore } from '../auth/storage';
import { i18n } from '../i18n';
import { account } from './fakeServer';

/** Each test of the file starts signed out, in English, with empty storage, and cleans up after. */
export function freshEachTest(): void {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** The user picks `language` (kept, as the language switch does: the help desk's default no longer applies). */
export async function chooseLanguage(language: 'en' | 'zh-cn'): Promise<void> {
  languageStore.set(language);
  await i18n.changeLanguage(language);
}

/** Each test of the file starts signed in (English, empty storage) and cleans up after. */
export function signInEachTest(): void {
  freshEachTest();
  beforeEach(() => {
    authStore.save({ token: 'tok-1', real_name: 'Ada Lovelace', timezone: 'Europe/Berlin', stay_login: false });
  });
}

export const admin = account({
  account_id: 1,
  email: 'admin@example.com',
  real_name: 'Root Admin',
  user_type: 'admin',
});

/** Types into the input labelled `label` (within `container` when given). */
export function typeInto(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The calls the fake server received for `path`. */
export function callsTo<T extends { path: string }>(calls: T[], path: string): T[] {
  return calls.filter((c) => c.path === path);
}
