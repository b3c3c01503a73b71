import {
  chatOps,
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
} from '@parley/contracts';
import { call } from './call';
import type { TOpts } from './types';

export const chatApi = {
  queue: (opts?: TOpts): Promise<TChatQueueResponse> => call(chatOps.queueList, {}, opts),
  get: (ticketId: number, opts?: TOpts): Promise<TChatSummary> => call(chatOps.get, { ticket_id: ticketId }, opts),
  messages: (ticketId: number, afterId = 0, opts?: TOpts): Promise<TChatMessageListResponse> =>
    call(chatOps.messageList, { ticket_id: ticketId, after_message_id: afterId }, opts),
  accept: (ticketId: number, opts?: TOpts): Promise<null> => call(chatOps.accept, { ticket_id: ticketId }, opts),
  send: (body: TAdminChatMessageAddRequest, opts?: TOpts): Promise<TChatMessageAddResponse> =>
    call(chatOps.messageAdd, body, opts),
  end: (ticketId: number, opts?: TOpts): Promise<null> => call(chatOps.end, { ticket_id: ticketId }, opts),
  transfer: (body: TChatTransferRequest, opts?: TOpts): Promise<null> => call(chatOps.transfer, body, opts),
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
