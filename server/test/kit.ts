import type { TOp, TOpInput } from '@parley/contracts';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, callOp, type OpResult, signInAdmin, type TestApp } from './app.js';

/** The app of the current test file and its admin's token (vitest loads this module once per file). */
export let t: TestApp;
export let admin: string;

/** One app per test file, closed after it; the seeded admin signed in unless `admin: false`. */
export function setUpApp(options: { admin?: boolean } = {}): void {
  beforeAll(async () => {
    t = await buildTestApp();
    if (options.admin !== false) {
      admin = await signInAdmin(t.app);
    }
  });
  afterAll(() => t.close());
}

/**
 * Makes an operation of contracts on this file's app, as the admin unless a token is given
 * (`null`: signed out). The path, the input's type and the answer's type come from the operation.
 */
export function api<T extends TOp>(op: T, input: TOpInput<T>, token: string | null = admin): Promise<OpResult<T>> {
  return callOp(t.app, op, input, { token: token ?? undefined });
}
