import { ZEmpty } from '../common.js';
import { op } from '../op.js';
import {
  ZQuestionAddRequest,
  ZQuestionAddResponse,
  ZQuestionAllGetRequest,
  ZQuestionAllGetResponse,
  ZQuestionDeleteRequest,
  ZQuestionEditRequest,
  ZQuestionGetRequest,
  ZQuestionGetResponse,
} from '../question.js';

const base = '/api/admin/settings';
const tags = ['chat questions'];
/** Pre-chat questions are set up with the chat widget; the chat-trigger screen picks a question and choice to route by. */
const readers = { menu: ['/wswt/setting/widget', '/wswt/setting/chat_trigger'] } as const;

/** Settings › Widget: the questions the chat widget asks before a chat starts. */
export const questionOps = {
  allGet: op({
    method: 'GET',
    path: `${base}/question.all.get`,
    access: readers,
    summary: 'Every pre-chat question of a module, in order',
    tags,
    input: ZQuestionAllGetRequest,
    output: ZQuestionAllGetResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/question.get`,
    access: readers,
    summary: 'One pre-chat question',
    tags,
    input: ZQuestionGetRequest,
    output: ZQuestionGetResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/question.add`,
    access: { btn: 'question.add' },
    summary: 'Add a pre-chat question',
    tags,
    input: ZQuestionAddRequest,
    output: ZQuestionAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/question.edit`,
    access: { btn: 'question.edit' },
    summary: 'Replace a pre-chat question; choices sent with their id keep it',
    tags,
    input: ZQuestionEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/question.delete`,
    access: { btn: 'question.delete' },
    summary: 'Delete a pre-chat question; rules that pointed at it are dropped',
    tags,
    input: ZQuestionDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
