import {
  accountSettingOps,
  type TDetails,
  type TDetailsEditRequest,
  type TGettingStartedResponse,
  type TLocalization,
  type TLocalizationEditRequest,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

/** Settings › Details, Localization and Getting started. */
export const accountSettingApi = {
  detailsGet: (opts?: TOpts): Promise<TDetails> => call(accountSettingOps.detailsGet, {}, opts),
  detailsEdit: (body: TDetailsEditRequest, opts?: TOpts): Promise<null> =>
    call(accountSettingOps.detailsEdit, body, opts),
  localizationGet: (opts?: TOpts): Promise<TLocalization> => call(accountSettingOps.localizationGet, {}, opts),
  localizationEdit: (body: TLocalizationEditRequest, opts?: TOpts): Promise<null> =>
    call(accountSettingOps.localizationEdit, body, opts),
  gettingStarted: (opts?: TOpts): Promise<TGettingStartedResponse> =>
    call(accountSettingOps.gettingStartedGet, {}, opts),
};
