import {
  type TCompany,
  type TCompanyAddRequest,
  type TCompanyEditRequest,
  type TCompanyListRequest,
  type TCompanyListResponse,
  ZCompanyAddResponse,
  ZCompanyGetResponse,
  ZCompanyListResponse,
} from '@parley/contracts';
import { api } from './instance';
import type { TOpts, TPagedQuery } from './types';

const base = '/admin/settings';

export const companyApi = {
  list: (query: TPagedQuery<TCompanyListRequest>, opts?: TOpts): Promise<TCompanyListResponse> =>
    api.get(`${base}/company.list`, query, { ...opts, schema: ZCompanyListResponse }),
  get: (companyId: number, opts?: TOpts): Promise<TCompany> =>
    api.get(`${base}/company.get`, { company_id: companyId }, { ...opts, schema: ZCompanyGetResponse }),
  add: (body: TCompanyAddRequest, opts?: TOpts) =>
    api.post(`${base}/company.add`, body, { ...opts, schema: ZCompanyAddResponse }),
  edit: (body: TCompanyEditRequest, opts?: TOpts): Promise<null> => api.post<null>(`${base}/company.edit`, body, opts),
  delete: (companyId: number, opts?: TOpts): Promise<null> =>
    api.post<null>(`${base}/company.delete`, { company_id: companyId }, opts),
};
