/** Cache keys of organizations, shared by the company screens and the organization picker. */
export const companyKeys = {
  all: ['company'] as const,
  list: (query: object) => ['company', 'list', query] as const,
  one: (companyId: number) => ['company', 'one', companyId] as const,
  /** One organization read quietly for its name (picker, ticket lists, requesters): one cache entry each. */
  option: (companyId: number) => ['company', 'option', companyId] as const,
};
