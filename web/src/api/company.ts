import {
  companyOps,
  type TCompany,
  type TCompanyAddRequest,
  type TCompanyAddResponse,
  type TCompanyEditRequest,
  type TCompanyListRequest,
  type TCompanyListResponse,
} from '@parley/contracts';
import { call } from './call';
import type { TOpts, TPagedQuery } from './types';

export const companyApi = {
  list: (query: TPagedQuery<TCompanyListRequest>, opts?: TOpts): Promise<TCompanyListResponse> =>
    call(companyOps.list, query, opts),
  get: (companyId: number, opts?: TOpts): Promise<TCompany> => call(companyOps.get, { company_id: companyId }, opts),
  add: (body: TCompanyAddRequest, opts?: TOpts): Promise<TCompanyAddResponse> => call(companyOps.add, body, opts),
  edit: (body: TCompanyEditRequest, opts?: TOpts): Promise<null> => call(companyOps.edit, body, opts),
  delete: (companyId: number, opts?: TOpts): Promise<null> => call(companyOps.delete, { company_id: companyId }, opts),
};
