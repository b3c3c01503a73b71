import { z } from 'zod';
import { optionalText, requiredText, ZId, ZPage, ZPaging } from './common.js';

/** A host name such as `example.com` or `mail.example.co.uk` (lower case). */
export const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Email domains of an organization: a list, or a comma string as a form types it. Entries are
 * trimmed, lower-cased (a leading `@` is dropped), empty ones skipped and duplicates removed.
 */
export const ZCompanyDomains = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(/[,，\s]+/) : v;
    if (!Array.isArray(list)) {
      return list;
    }
    const cleaned = list.map((d) => (typeof d === 'string' ? d.trim().toLowerCase().replace(/^@/, '') : d));
    return [...new Set(cleaned.filter((d) => d !== ''))];
  },
  z
    .array(z.string().regex(domainPattern, { error: 'domain_invalid' }), { error: 'field_invalid' })
    .max(100, { error: 'field_too_long' }),
);

export const ZCompany = z.object({
  company_id: z.number().int().describe('The organization'),
  company_name: z.string().describe('Its name'),
  company_domains: z
    .array(z.string())
    .describe('Email domains: a new end user with an address at one of them joins the organization'),
  note: z.string().describe('Notes for agents'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyListRequest = ZPaging.extend({
  kw: optionalText(100).optional().describe('Part of the name, or one whole domain'),
});
export type TCompanyListRequest = z.input<typeof ZCompanyListRequest>;
export const ZCompanyListResponse = ZPage(ZCompany);
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;

export const ZCompanyGetRequest = z.object({ company_id: ZId.describe('The organization') });
export type TCompanyGetRequest = z.input<typeof ZCompanyGetRequest>;
export const ZCompanyGetResponse = ZCompany;
export type TCompanyGetResponse = TCompany;

const domainsText = 'Email domains, a list or a comma-separated text; a domain belongs to at most one organization';
export const ZCompanyAddRequest = z.object({
  company_name: requiredText('required_organization_name', 200).describe('Its name, up to 200 characters'),
  company_domains: ZCompanyDomains.default([]).describe(domainsText),
  note: optionalText(5000).default('').describe('Notes for agents, up to 5,000 characters'),
});
export type TCompanyAddRequest = z.input<typeof ZCompanyAddRequest>;
export const ZCompanyAddResponse = z.object({ company_id: z.number().int().describe('The new organization') });
export type TCompanyAddResponse = z.infer<typeof ZCompanyAddResponse>;

/** Fields left out keep their value. */
export const ZCompanyEditRequest = z.object({
  company_id: ZId.describe('The organization'),
  company_name: requiredText('required_organization_name', 200).describe('Its name, up to 200 characters'),
  company_domains: ZCompanyDomains.optional().describe(`${domainsText} (left out: kept)`),
  note: optionalText(5000).optional().describe('Notes for agents (left out: kept)'),
});
export type TCompanyEditRequest = z.input<typeof ZCompanyEditRequest>;

/** Members stay, without an organization. */
export const ZCompanyDeleteRequest = z.object({ company_id: ZId.describe('The organization') });
export type TCompanyDeleteRequest = z.input<typeof ZCompanyDeleteRequest>;
