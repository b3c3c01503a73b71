import { settingOps, type TTicketView, ticketOps } from '@parley/contracts';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ticketSettingDefaults } from '../src/modules/setting/setting.service.js';
import { buildTestApp, callOp, signInAdmin, type TestApp } from './app.js';

/** The test app of the ticket list's test files, the admin's token and the views it sees. */
export interface ListTests {
  t: TestApp;
  admin: string;
  views: TTicketView[];
}

/**
 * Opens a test app for the file (closed after it) and, before each test, puts the ticket settings
 * back to the defaults the tests are written against.
 */
export function setUpListTests(): ListTests {
  const s = {} as ListTests;
  beforeAll(async () => {
    s.t = await buildTestApp();
    s.admin = await signInAdmin(s.t.app);
    s.views = (await callOp(s.t.app, ticketOps.views, {}, { token: s.admin })).data.list;
  });
  afterAll(() => s.t.close());
  beforeEach(async () => {
    await callOp(s.t.app, settingOps.ticketEdit, ticketSettingDefaults, { token: s.admin });
  });
  return s;
}
