import { accountSettingOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { readDetails, readLocalization, writeDetails, writeLocalization } from './account-setting.repo.js';
import { gettingStarted } from './getting-started.js';

/** Settings › Details, Localization and Getting started: the account-wide sections. */
export function accountSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, accountSettingOps.detailsGet, { handler: () => readDetails(ctx.db) });

  define(app, accountSettingOps.detailsEdit, {
    handler: async ({ input }) => {
      await writeDetails(ctx.db, input);
      return null;
    },
  });

  define(app, accountSettingOps.localizationGet, { handler: () => readLocalization(ctx.db) });

  define(app, accountSettingOps.localizationEdit, {
    handler: async ({ input }) => {
      await ctx.db.transaction(async (tx) => {
        await writeLocalization(tx, input);
        // Signed-in accounts that follow the default time zone show the new one at once.
        await ctx.authCache.changed(tx, '*');
      });
      return null;
    },
  });

  define(app, accountSettingOps.gettingStartedGet, { handler: () => gettingStarted(ctx.db) });
}
