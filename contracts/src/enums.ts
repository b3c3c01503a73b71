import { z } from 'zod';
import type { TLanguage } from './languages.js';

type TLabels = Record<TLanguage, string>;

function defineEnum<const T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], TLabels>) {
  return { values, labels, schema: z.enum(values, { error: 'enum_invalid' }) };
}

/** Every enum of the wire contract with its labels in both languages. */
export const enums = {
  user_type: defineEnum(['admin', 'agent', 'end_user'], {
    admin: { en: 'Administrator', 'zh-cn': '管理员' },
    agent: { en: 'Agent', 'zh-cn': '客服' },
    end_user: { en: 'End user', 'zh-cn': '终端用户' },
  }),
  ticket_state: defineEnum(['new', 'open', 'pending', 'solved', 'closed'], {
    new: { en: 'New', 'zh-cn': '新建' },
    open: { en: 'Open', 'zh-cn': '处理中' },
    pending: { en: 'Pending', 'zh-cn': '待回应' },
    solved: { en: 'Solved', 'zh-cn': '已解决' },
    closed: { en: 'Closed', 'zh-cn': '已关闭' },
  }),
  submit_as: defineEnum(['open', 'pending', 'solved', 'closed'], {
    open: { en: 'Submit as Open', 'zh-cn': '提交为处理中' },
    pending: { en: 'Submit as Pending', 'zh-cn': '提交为待回应' },
    solved: { en: 'Submit as Solved', 'zh-cn': '提交为已解决' },
    closed: { en: 'Submit as Closed', 'zh-cn': '提交为已关闭' },
  }),
  ticket_type: defineEnum(['question', 'incident', 'problem', 'task', 'chat'], {
    question: { en: 'Question', 'zh-cn': '问题' },
    incident: { en: 'Incident', 'zh-cn': '事件' },
    problem: { en: 'Problem', 'zh-cn': '故障' },
    task: { en: 'Task', 'zh-cn': '任务' },
    chat: { en: 'Chat', 'zh-cn': '在线对话' },
  }),
  ticket_source: defineEnum(['form', 'web', 'chat', 'email', 'close_ticket'], {
    form: { en: 'Web form', 'zh-cn': '网页表单' },
    web: { en: 'Back office', 'zh-cn': '后台创建' },
    chat: { en: 'Chat', 'zh-cn': '在线对话' },
    email: { en: 'Email', 'zh-cn': '邮件' },
    close_ticket: { en: 'Follow-up', 'zh-cn': '跟进工单' },
  }),
  ticket_priority: defineEnum(['low', 'normal', 'high', 'urgent'], {
    low: { en: 'Low', 'zh-cn': '低' },
    normal: { en: 'Normal', 'zh-cn': '普通' },
    high: { en: 'High', 'zh-cn': '高' },
    urgent: { en: 'Urgent', 'zh-cn': '紧急' },
  }),
  satisfaction: defineEnum(['good', 'bad', 'unoffered'], {
    good: { en: 'Good', 'zh-cn': '满意' },
    bad: { en: 'Bad', 'zh-cn': '不满意' },
    unoffered: { en: 'Unoffered', 'zh-cn': '未邀请' },
  }),
  chat_state: defineEnum(['online', 'away', 'invisible', 'offline'], {
    online: { en: 'Online', 'zh-cn': '在线' },
    away: { en: 'Away', 'zh-cn': '离开' },
    invisible: { en: 'Invisible', 'zh-cn': '隐身' },
    offline: { en: 'Offline', 'zh-cn': '离线' },
  }),
  access_state: defineEnum(['allowed', 'suspended'], {
    allowed: { en: 'Allowed', 'zh-cn': '正常' },
    suspended: { en: 'Suspended', 'zh-cn': '已停用' },
  }),
  role_state: defineEnum(['active', 'inactive'], {
    active: { en: 'Active', 'zh-cn': '启用' },
    inactive: { en: 'Inactive', 'zh-cn': '停用' },
  }),
  form_state: defineEnum(['active', 'inactive'], {
    active: { en: 'Active', 'zh-cn': '启用' },
    inactive: { en: 'Inactive', 'zh-cn': '停用' },
  }),
  view_state: defineEnum(['active', 'inactive'], {
    active: { en: 'Active', 'zh-cn': '启用' },
    inactive: { en: 'Inactive', 'zh-cn': '停用' },
  }),
  node_type: defineEnum(['menu', 'btn'], {
    menu: { en: 'Menu', 'zh-cn': '菜单' },
    btn: { en: 'Button', 'zh-cn': '按钮' },
  }),
  allow_type: defineEnum(['me', 'all'], {
    me: { en: 'Only me', 'zh-cn': '仅自己' },
    all: { en: 'All agents', 'zh-cn': '所有客服' },
  }),
  black_type: defineEnum(['ip', 'email'], {
    ip: { en: 'IP address', 'zh-cn': 'IP 地址' },
    email: { en: 'Email or @domain', 'zh-cn': '邮箱或 @域名' },
  }),
  question_type: defineEnum(['text', 'single_choice', 'multiple_choice'], {
    text: { en: 'Text', 'zh-cn': '文本' },
    single_choice: { en: 'Single choice', 'zh-cn': '单选' },
    multiple_choice: { en: 'Multiple choice', 'zh-cn': '多选' },
  }),
  ticket_access: defineEnum(['all', 'groups', 'own'], {
    all: { en: 'All tickets', 'zh-cn': '全部工单' },
    groups: { en: "Tickets in the agent's groups", 'zh-cn': '所在组的工单' },
    own: { en: 'Assigned to the agent only', 'zh-cn': '仅分配给自己的工单' },
  }),
  /** Which new tickets an agent hears of by mail (`notify_new` of their profile). */
  notify_new: defineEnum(['all', 'groups', 'none'], {
    all: { en: 'All tickets I can see', 'zh-cn': '我能看到的所有工单' },
    groups: { en: 'Only tickets in my groups', 'zh-cn': '仅我所在组的工单' },
    none: { en: 'None', 'zh-cn': '不接收' },
  }),
  reply_access: defineEnum(['public', 'internal'], {
    public: { en: 'Public replies and internal notes', 'zh-cn': '公开回复和内部备注' },
    internal: { en: 'Internal notes only', 'zh-cn': '仅内部备注' },
  }),
  time_range: defineEnum(['24h', '7d', '30d', '3m', '6m', '1y'], {
    '24h': { en: 'Last 24 hours', 'zh-cn': '最近 24 小时' },
    '7d': { en: 'Last 7 days', 'zh-cn': '最近 7 天' },
    '30d': { en: 'Last 30 days', 'zh-cn': '最近 30 天' },
    '3m': { en: 'Last 3 months', 'zh-cn': '最近 3 个月' },
    '6m': { en: 'Last 6 months', 'zh-cn': '最近 6 个月' },
    '1y': { en: 'Last year', 'zh-cn': '最近一年' },
  }),
};

export type TEnumType = keyof typeof enums;
export const enumTypes = Object.keys(enums) as [TEnumType, ...TEnumType[]];

export const ZUserType = enums.user_type.schema;
export type TUserType = z.infer<typeof ZUserType>;
export const ZChatState = enums.chat_state.schema;
export type TChatState = z.infer<typeof ZChatState>;
export const ZAccessState = enums.access_state.schema;
export type TAccessState = z.infer<typeof ZAccessState>;
export const ZNodeType = enums.node_type.schema;
export type TNodeType = z.infer<typeof ZNodeType>;
export const ZTicketAccess = enums.ticket_access.schema;
export const ZReplyAccess = enums.reply_access.schema;
export const ZNotifyNew = enums.notify_new.schema;
export type TNotifyNew = z.infer<typeof ZNotifyNew>;
export const ZRoleState = enums.role_state.schema;
export const ZAllowType = enums.allow_type.schema;
export type TAllowType = z.infer<typeof ZAllowType>;
export const ZBannedType = enums.black_type.schema;
export type TBannedType = z.infer<typeof ZBannedType>;
export const ZQuestionType = enums.question_type.schema;
export type TQuestionType = z.infer<typeof ZQuestionType>;
export type TRoleState = z.infer<typeof ZRoleState>;
