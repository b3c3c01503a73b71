import {
  type TDetails,
  type TDetailsEditRequest,
  type TGettingStartedResponse,
  type TLocalization,
  type TLocalizationEditRequest,
  ZDetails,
  ZGettingStartedResponse,
  ZLocalization,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts } from './types';

const base = '/admin/settings';

/** Settings › Details, Localization and Getting started. */
export const accountSettingApi = {
  detailsGet: (opts?: TOpts): Promise<TDetails> =>
    api.get(`${base}/details.get`, undefined, { ...opts, schema: ZDetails }),
  detailsEdit: (body: TDetailsEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/details.edit`, body, opts),
  localizationGet: (opts?: TOpts): Promise<TLocalization> =>
    api.get(`${base}/localization.get`, undefined, { ...opts, schema: ZLocalization }),
  localizationEdit: (body: TLocalizationEditRequest, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/localization.edit`, body, opts),
  gettingStarted: (opts?: TOpts): Promise<TGettingStartedResponse> =>
    api.get(`${base}/getting_started.get`, undefined, { ...opts, schema: ZGettingStartedResponse }),
};
