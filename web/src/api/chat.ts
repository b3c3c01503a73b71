import {
  chatSettingOps,
  chatTriggerOps,
  questionOps,
  type TAdminChatMessageAddRequest,
  type TChatMessageAddResponse,
  type TChatMessageListResponse,
  type TChatQueueResponse,
  type TChatSetting,
  type TChatSummary,
  type TChatTransferRequest,
  type TChatTriggerAddResponse,
  type TChatTriggerEditRequest,
  type TChatTriggerInput,
  type TChatTriggerListResponse,
  type TQuestionAddRequest,
  type TQuestionAddResponse,
  type TQuestionAllGetResponse,
  type TQuestionEditRequest,
  type TWidgetSetting,
  ZChatGetResponse,
  ZChatMessageAddResponse,
  ZChatMessageListResponse,
  ZChatQueueResponse,
} from '@parley/contracts';
import { call } from './call';
import { api } from './instance';
import type { TOpts } from './types';

export const chatApi = {
  queue: (opts?: TOpts): Promise<TChatQueueResponse> =>
    api.get('/admin/chat.queue.list', undefined, { ...opts, schema: ZChatQueueResponse }),
  get: (ticketId: number, opts?: TOpts): Promise<TChatSummary> =>
    api.get('/admin/chat.get', { ticket_id: ticketId }, { ...opts, schema: ZChatGetResponse }),
  messages: (ticketId: number, afterId = 0, opts?: TOpts): Promise<TChatMessageListResponse> =>
    api.get(
      '/admin/chat.message.list',
      { ticket_id: ticketId, after_message_id: afterId },
      { ...opts, schema: ZChatMessageListResponse },
    ),
  accept: (ticketId: number, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/chat.accept', { ticket_id: ticketId }, opts),
  send: (body: TAdminChatMessageAddRequest, opts?: TOpts): Promise<TChatMessageAddResponse> =>
    api.post('/admin/chat.message.add', body, { ...opts, schema: ZChatMessageAddResponse }),
  end: (ticketId: number, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/chat.end', { ticket_id: ticketId }, opts),
  transfer: (body: TChatTransferRequest, opts?: TOpts): Promise<null> =>
    api.post<null>('/admin/chat.transfer', body, opts),
  widgetGet: (opts?: TOpts): Promise<TWidgetSetting> => call(chatSettingOps.widgetGet, {}, opts),
  widgetEdit: (body: TWidgetSetting, opts?: TOpts): Promise<null> => call(chatSettingOps.widgetEdit, body, opts),
  settingGet: (opts?: TOpts): Promise<TChatSetting> => call(chatSettingOps.get, {}, opts),
  settingEdit: (body: TChatSetting, opts?: TOpts): Promise<null> => call(chatSettingOps.edit, body, opts),
  triggerList: (opts?: TOpts): Promise<TChatTriggerListResponse> => call(chatTriggerOps.list, {}, opts),
  triggerAdd: (body: TChatTriggerInput, opts?: TOpts): Promise<TChatTriggerAddResponse> =>
    call(chatTriggerOps.add, body, opts),
  triggerEdit: (body: TChatTriggerEditRequest, opts?: TOpts): Promise<null> => call(chatTriggerOps.edit, body, opts),
  triggerDelete: (triggerIds: number[], opts?: TOpts): Promise<null> =>
    call(chatTriggerOps.delete, { trigger_ids: triggerIds }, opts),
};

export const questionApi = {
  /** The pre-chat questions in order (a route-by-answer trigger picks one of their choices). */
  add: (body: TQuestionAddRequest, opts?: TOpts): Promise<TQuestionAddResponse> => call(questionOps.add, body, opts),
  edit: (body: TQuestionEditRequest, opts?: TOpts): Promise<null> => call(questionOps.edit, body, opts),
  delete: (questionId: number, opts?: TOpts): Promise<null> =>
    call(questionOps.delete, { question_id: questionId }, opts),
  all: (opts?: TOpts): Promise<TQuestionAllGetResponse> => call(questionOps.allGet, { question_module: 'chat' }, opts),
};
