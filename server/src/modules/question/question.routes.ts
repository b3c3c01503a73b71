import {
  ZEmpty,
  ZQuestionAddRequest,
  ZQuestionAddResponse,
  ZQuestionAllGetRequest,
  ZQuestionAllGetResponse,
  ZQuestionDeleteRequest,
  ZQuestionEditRequest,
  ZQuestionGetRequest,
  ZQuestionGetResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { questionAdd, questionAllGet, questionDelete, questionEdit, questionGet } from './question.service.js';

/** Pre-chat questions are set up with the chat widget. */
// The chat-trigger screen picks a question and choice to route by.
const readers = access.menu('/wswt/setting/widget', '/wswt/setting/chat_trigger');

export function questionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['chat questions'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/question.all.get`, {
    access: readers,
    summary: 'Every pre-chat question of a module, in order',
    tags,
    input: ZQuestionAllGetRequest,
    output: ZQuestionAllGetResponse,
    handler: ({ input }) => questionAllGet(ctx.db, input.question_module),
  });

  defineGet(app, `${base}/question.get`, {
    access: readers,
    summary: 'One pre-chat question',
    tags,
    input: ZQuestionGetRequest,
    output: ZQuestionGetResponse,
    handler: ({ input }) => questionGet(ctx.db, input.question_id),
  });

  definePost(app, `${base}/question.add`, {
    access: access.btn('question.add'),
    summary: 'Add a pre-chat question',
    tags,
    input: ZQuestionAddRequest,
    output: ZQuestionAddResponse,
    message: 'saved',
    handler: ({ input }) => questionAdd(ctx.db, input),
  });

  definePost(app, `${base}/question.edit`, {
    access: access.btn('question.edit'),
    summary: 'Replace a pre-chat question; choices sent with their id keep it',
    tags,
    input: ZQuestionEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await questionEdit(ctx.db, input);
      return null;
    },
  });

  definePost(app, `${base}/question.delete`, {
    access: access.btn('question.delete'),
    summary: 'Delete a pre-chat question; rules that pointed at it are dropped',
    tags,
    input: ZQuestionDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await questionDelete(ctx.db, input.question_id);
      return null;
    },
  });
}
