import type { TCompany } from '@parley/contracts';
import type { company } from '../../db/schema/index.js';

export type CompanyRow = typeof company.$inferSelect;

export function presentCompany(row: CompanyRow): TCompany {
  return {
    company_id: row.companyId,
    company_name: row.companyName,
    company_domains: row.companyDomains,
    note: row.note,
    create_ts: row.createTs,
    update_ts: row.updateTs,
  };
}
