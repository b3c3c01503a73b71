import type { TOp } from '../op.js';
import { accountOps } from './account.js';
import { accountSettingOps } from './account-setting.js';
import { authOps } from './auth.js';
import { authNodeOps } from './auth-node.js';
import { bannedOps } from './banned.js';
import { chatOps, chatSettingOps, chatTriggerOps } from './chat.js';
import { chatWidgetOps } from './chat-widget.js';
import { companyOps } from './company.js';
import { fieldOps } from './field.js';
import { formOps } from './form.js';
import { groupOps } from './group.js';
import { homeOps } from './home.js';
import { mailOps } from './mail.js';
import { noteOps } from './note.js';
import { questionOps } from './question.js';
import { reportOps } from './report.js';
import { roleOps } from './role.js';
import { automationOps, triggerOps } from './rule.js';
import { scheduleOps } from './schedule.js';
import { settingOps } from './setting.js';
import { shortcutOps } from './shortcut.js';
import { slaOps } from './sla.js';
import { tagOps } from './tag.js';
import { ticketOps } from './ticket.js';
import { todoOps } from './todo.js';
import { viewOps } from './view.js';

export { accountOps } from './account.js';
export { accountSettingOps } from './account-setting.js';
export { authOps } from './auth.js';
export { authNodeOps } from './auth-node.js';
export { bannedOps } from './banned.js';
export { chatOps, chatSettingOps, chatTriggerOps } from './chat.js';
export { chatWidgetOps } from './chat-widget.js';
export { companyOps } from './company.js';
export { fieldOps } from './field.js';
export { formOps } from './form.js';
export { groupOps } from './group.js';
export { homeOps } from './home.js';
export { mailOps } from './mail.js';
export { noteOps } from './note.js';
export { questionOps } from './question.js';
export { reportOps } from './report.js';
export { roleOps } from './role.js';
export { automationOps, triggerOps } from './rule.js';
export { scheduleOps } from './schedule.js';
export { settingOps } from './setting.js';
export { shortcutOps } from './shortcut.js';
export { slaOps } from './sla.js';
export { tagOps } from './tag.js';
export { ticketOps } from './ticket.js';
export { todoOps } from './todo.js';
export { viewOps } from './view.js';

/**
 * Every call written as an operation object, by module. The access table test and the web
 * test fake server iterate it; a module whose calls become operations is added here.
 */
export const opGroups = {
  chatWidget: chatWidgetOps,
  home: homeOps,
  ticket: ticketOps,
  mail: mailOps,
  chat: chatOps,
  chatTrigger: chatTriggerOps,
  chatSetting: chatSettingOps,
  account: accountOps,
  report: reportOps,
  auth: authOps,
  setting: settingOps,
  automation: automationOps,
  trigger: triggerOps,
  sla: slaOps,
  schedule: scheduleOps,
  question: questionOps,
  authNode: authNodeOps,
  accountSetting: accountSettingOps,
  form: formOps,
  field: fieldOps,
  view: viewOps,
  note: noteOps,
  role: roleOps,
  group: groupOps,
  banned: bannedOps,
  shortcut: shortcutOps,
  company: companyOps,
  tag: tagOps,
  todo: todoOps,
} as const;

export const allOps: readonly TOp[] = Object.values(opGroups).flatMap((group) => Object.values(group) as TOp[]);
