import {
  ZDetails,
  ZDetailsEditRequest,
  ZEmpty,
  ZGettingStartedResponse,
  ZLocalization,
  ZLocalizationEditRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { readDetails, readLocalization, writeDetails, writeLocalization } from './account-setting.repo.js';
import { gettingStarted } from './getting-started.js';

/** Settings › Details, Localization and Getting started: the account-wide sections. */
export function accountSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['settings'];
  const base = '/api/admin/settings';

  defineGet(app, `${base}/details.get`, {
    access: access.menu('/wswt/setting/details'),
    summary: "The help desk's name and support site",
    tags,
    output: ZDetails,
    handler: () => readDetails(ctx.db),
  });

  definePost(app, `${base}/details.edit`, {
    access: access.btn('details.edit'),
    summary: 'Rename the help desk (shell, public pages, widget, emails) and set its support site',
    tags,
    input: ZDetailsEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await writeDetails(ctx.db, input);
      return null;
    },
  });

  defineGet(app, `${base}/localization.get`, {
    access: access.menu('/wswt/setting/localization'),
    summary: 'Default language, time zone and date format',
    tags,
    output: ZLocalization,
    handler: () => readLocalization(ctx.db),
  });

  definePost(app, `${base}/localization.edit`, {
    access: access.btn('localization.edit'),
    summary: 'Set the defaults for new accounts and visitors, and the date format of every screen',
    tags,
    input: ZLocalizationEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await writeLocalization(ctx.db, input);
      return null;
    },
  });

  defineGet(app, `${base}/getting_started.get`, {
    access: access.menu('/wswt/setting/getting_started'),
    summary: 'The first-day checklist, each step read from the help desk as it is now',
    tags,
    output: ZGettingStartedResponse,
    handler: () => gettingStarted(ctx.db),
  });
}
