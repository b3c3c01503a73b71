import {
  ZEmpty,
  ZTagAddRequest,
  ZTagChangeResponse,
  ZTagDeleteRequest,
  ZTagEditRequest,
  ZTagGetRequest,
  ZTagGetResponse,
  ZTagListRequest,
  ZTagListResponse,
  ZTagMergeRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { tagAdd, tagDelete, tagGet, tagMerge, tagRename, tagSettingList } from './tag.service.js';

/** Settings › Tags (`/wswt/setting/tag`): usage counts, add, rename, merge, delete. */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['tags'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/tag.list`, {
    access: access.menu('/wswt/setting/tag'),
    summary: 'Tags by name, each with the number of tickets carrying it',
    tags,
    input: ZTagListRequest,
    output: ZTagListResponse,
    handler: ({ input }) => tagSettingList(ctx.db, input),
  });

  defineGet(app, `${base}/tag.get`, {
    access: access.menu('/wswt/setting/tag/edit'),
    summary: 'One tag with its number of tickets',
    tags,
    input: ZTagGetRequest,
    output: ZTagGetResponse,
    handler: ({ input }) => tagGet(ctx.db, input.tag_name),
  });

  definePost(app, `${base}/tag.add`, {
    access: access.btn('tag.add'),
    summary: 'Add a tag agents are offered before any ticket carries it',
    tags,
    input: ZTagAddRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await tagAdd(ctx.db, input.tag_name);
      return null;
    },
  });

  definePost(app, `${base}/tag.edit`, {
    access: access.btn('tag.edit'),
    summary: 'Rename a tag: every ticket carrying it follows, in one transaction',
    tags,
    input: ZTagEditRequest,
    output: ZTagChangeResponse,
    message: 'saved',
    handler: ({ actor, input }) => tagRename(ctx.db, actor, input.tag_name, input.new_name),
  });

  definePost(app, `${base}/tag.merge`, {
    access: access.btn('tag.edit'),
    summary: 'Merge tags into another: their tickets carry that one instead',
    tags,
    input: ZTagMergeRequest,
    output: ZTagChangeResponse,
    message: 'saved',
    handler: ({ actor, input }) => tagMerge(ctx.db, actor, input.tag_names, input.into),
  });

  definePost(app, `${base}/tag.delete`, {
    access: access.btn('tag.delete'),
    summary: 'Delete tags: they are taken off every ticket',
    tags,
    input: ZTagDeleteRequest,
    output: ZTagChangeResponse,
    message: 'deleted',
    handler: ({ actor, input }) => tagDelete(ctx.db, actor, input.tag_names),
  });
}
