import {
  ZDetails,
  ZDetailsEditRequest,
  ZGettingStartedResponse,
  ZLocalization,
  ZLocalizationEditRequest,
} from '../account-setting.js';
import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';

const tags = ['settings'];

export const accountSettingOps = {
  detailsGet: op({
    method: 'GET',
    path: '/api/admin/settings/details.get',
    access: { menu: '/wswt/setting/details' },
    summary: "The help desk's name and support site",
    tags,
    input: noInput,
    output: ZDetails,
  }),
  detailsEdit: op({
    method: 'POST',
    path: '/api/admin/settings/details.edit',
    access: { btn: 'details.edit' },
    summary: 'Rename the help desk (shell, public pages, widget, emails) and set its support site',
    tags,
    input: ZDetailsEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  localizationGet: op({
    method: 'GET',
    path: '/api/admin/settings/localization.get',
    access: { menu: '/wswt/setting/localization' },
    summary: 'Default language, time zone and date format',
    tags,
    input: noInput,
    output: ZLocalization,
  }),
  localizationEdit: op({
    method: 'POST',
    path: '/api/admin/settings/localization.edit',
    access: { btn: 'localization.edit' },
    summary: 'Set the defaults for new accounts and visitors, and the date format of every screen',
    tags,
    input: ZLocalizationEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  gettingStartedGet: op({
    method: 'GET',
    path: '/api/admin/settings/getting_started.get',
    access: { menu: '/wswt/setting/getting_started' },
    summary: 'The first-day checklist, each step read from the help desk as it is now',
    tags,
    input: noInput,
    output: ZGettingStartedResponse,
  }),
};
