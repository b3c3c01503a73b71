import { btnNodes, defaultAgentPackageTitle, defaultAgentRoleName, type TBtnNode } from './btn-nodes.js';
import { languageCodes, type TLanguage } from './languages.js';

/**
 * Simplified Chinese for what a new installation writes in English: the button nodes' titles
 * and the default role, package and group. The stored text stays as written (an admin edits and
 * renames it like any other row); screens show the viewer's language while the text is still the
 * seeded one (`seededText`). Menu nodes are translated by their route instead.
 */
export const btnNodeTitlesZh: Record<TBtnNode, string> = {
  'auth.node.add': '添加权限节点',
  'auth.pkg.add': '添加权限包',
  'auth.pkg.edit': '编辑权限包',
  'auth.pkg.delete': '删除权限包',
  'auth.account.add': '添加账号',
  'auth.account.edit': '编辑账号',
  'auth.account.delete': '删除账号',
  'auth.account.access_state.edit': '停用或启用账号',
  'auth.group.add': '添加组',
  'auth.group.edit': '编辑组',
  'auth.role.add': '添加角色',
  'auth.role.edit': '编辑角色',
  'auth.role.state.edit': '启用或停用角色',
  'common.edit': '编辑通用设置',
  'company.add': '添加组织',
  'company.edit': '编辑组织',
  'company.delete': '删除组织',
  'email.edit': '编辑邮件设置',
  'appearance.branding.edit': '编辑品牌',
  'details.edit': '编辑服务台信息',
  'localization.edit': '编辑本地化设置',
  'widget.edit': '编辑挂件设置',
  'chat.setting.edit': '编辑在线对话设置',
  'chat.trigger.add': '添加对话触发器',
  'chat.trigger.edit': '编辑对话触发器',
  'chat.trigger.delete': '删除对话触发器',
  'trigger.add': '添加触发器',
  'trigger.edit': '编辑触发器、排序和分类',
  'trigger.delete': '删除触发器',
  'automation.add': '添加自动化',
  'automation.edit': '编辑自动化和排序',
  'automation.delete': '删除自动化',
  'sla.policy.add': '添加 SLA 策略',
  'sla.policy.edit': '编辑 SLA 策略及其顺序',
  'sla.policy.delete': '删除 SLA 策略',
  'schedule.add': '添加工作时间',
  'schedule.edit': '编辑工作时间',
  'schedule.delete': '删除工作时间',
  'settings.ticket.edit': '编辑工单设置',
  'black.add': '添加黑名单条目',
  'black.delete': '删除黑名单条目',
  'question.add': '添加对话问题',
  'question.edit': '编辑对话问题',
  'question.delete': '删除对话问题',
  'field.add': '添加工单字段',
  'field.edit': '编辑工单字段',
  'form.add': '添加工单表单',
  'form.edit': '编辑工单表单',
  'shortcut.add': '添加快捷回复',
  'shortcut.edit': '编辑快捷回复',
  'shortcut.delete': '删除快捷回复',
  'view.add': '添加视图',
  'view.edit': '编辑视图',
  'view.delete': '删除视图',
  'tag.add': '添加标签',
  'tag.edit': '重命名或合并标签',
  'tag.delete': '删除标签',
  'note.add': '添加宏',
  'note.edit': '编辑宏',
  'note.delete': '删除宏',
  'ticket.add': '创建工单',
  'ticket.edit': '更新工单',
  'ticket.delete': '删除工单',
  'ticket.restore': '恢复工单',
  'ticket.spam': '标记工单为垃圾',
  'chat.accept': '接入对话',
  'chat.message.add': '发送对话消息',
  'chat.end': '结束对话',
};

/** The default role, package and group as bootstrap writes them, and the chat window's default words. */
export const seededDefaults = {
  roleName: defaultAgentRoleName,
  roleRemark: 'Given to new agents: ticket work, chat and shortcuts; no settings.',
  packageTitle: defaultAgentPackageTitle,
  groupName: 'Support',
  groupRemark: 'Default group',
  /** The chat window's title and greeting while nobody has written their own (Settings › Widget, › Chats). */
  widgetTitle: 'Chat with us',
  chatGreeting: 'Hello! How can we help you?',
} as const;

const defaultsZh: Record<string, string> = {
  [seededDefaults.roleName]: '客服',
  [seededDefaults.roleRemark]: '新客服默认获得：处理工单、在线对话和快捷回复；无设置权限。',
  [seededDefaults.packageTitle]: '客服：工单、在线对话和快捷回复',
  [seededDefaults.groupName]: '支持',
  [seededDefaults.groupRemark]: '默认组',
  [seededDefaults.widgetTitle]: '在线咨询',
  [seededDefaults.chatGreeting]: '您好！有什么可以帮您？',
};

const btnTitlesZh = new Map<string, string>(
  btnNodes.map(([value, title]) => [title, (btnNodeTitlesZh as Record<string, string>)[value] ?? title]),
);

/** A seeded English text in the viewer's language; any other text as it is. */
export function seededText(text: string, lang: TLanguage): string {
  if (lang !== 'zh-cn') {
    return text;
  }
  return defaultsZh[text] ?? btnTitlesZh.get(text) ?? text;
}

/**
 * What to store for a text a screen showed as `seeded` in the viewer's language: the seeded text
 * itself while it is still one of its translations (saved untouched, the default stays a default
 * each reader sees in their language), else the text as written.
 */
export function storedSeeded(text: string, seeded: string): string {
  return languageCodes.some((lang) => seededText(seeded, lang) === text) ? seeded : text;
}
