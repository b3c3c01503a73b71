import { companyOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { companyAdd, companyDelete, companyEdit, companyGet, companyList } from './company.service.js';

export function companyRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, companyOps.list, { handler: ({ input }) => companyList(ctx.db, input) });
  define(app, companyOps.get, { handler: ({ input }) => companyGet(ctx.db, input.company_id) });
  define(app, companyOps.add, { handler: ({ input }) => companyAdd(ctx, input) });
  define(app, companyOps.edit, {
    handler: async ({ input }) => {
      await companyEdit(ctx, input);
      return null;
    },
  });
  define(app, companyOps.delete, {
    handler: async ({ input }) => {
      await companyDelete(ctx, input.company_id);
      return null;
    },
  });
}
