import {
  ZEmpty,
  ZViewAddRequest,
  ZViewAddResponse,
  ZViewAllListResponse,
  ZViewDeleteRequest,
  ZViewEditRequest,
  ZViewGetRequest,
  ZViewGetResponse,
  ZViewSortRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { viewAdd, viewAllList, viewDelete, viewEdit, viewGet, viewSort } from './view-setting.service.js';

/** The views editor (`/wswt/setting/view`): conditions, columns, sort, grouping, share and order. */
export function viewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['views'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/view.all.list`, {
    access: access.menu('/wswt/setting/view'),
    summary: "Every shared view and the caller's own, in order, active or not",
    tags,
    output: ZViewAllListResponse,
    handler: ({ actor, lang }) => viewAllList(ctx.db, actor, lang),
  });

  defineGet(app, `${base}/view.get`, {
    access: access.menu('/wswt/setting/view/edit'),
    summary: "One view (someone else's personal view answers 0404)",
    tags,
    input: ZViewGetRequest,
    output: ZViewGetResponse,
    handler: ({ actor, input, lang }) => viewGet(ctx.db, actor, input.view_id, lang),
  });

  definePost(app, `${base}/view.add`, {
    access: access.btn('view.add'),
    summary: 'Add a view (at most 10 columns); it goes last',
    tags,
    input: ZViewAddRequest,
    output: ZViewAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => viewAdd(ctx.db, actor, input),
  });

  definePost(app, `${base}/view.edit`, {
    access: access.btn('view.edit'),
    summary: 'Edit a view, the seeded ones included',
    tags,
    input: ZViewEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input, lang }) => {
      await viewEdit(ctx.db, actor, input, lang);
      return null;
    },
  });

  definePost(app, `${base}/view.sort`, {
    access: access.btn('view.edit'),
    summary: 'Put views in the order they were dragged into',
    tags,
    input: ZViewSortRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await viewSort(ctx.db, actor, input.view_ids);
      return null;
    },
  });

  definePost(app, `${base}/view.delete`, {
    access: access.btn('view.delete'),
    summary: 'Delete views',
    tags,
    input: ZViewDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ actor, input }) => {
      await viewDelete(ctx.db, actor, input.view_ids);
      return null;
    },
  });
}
