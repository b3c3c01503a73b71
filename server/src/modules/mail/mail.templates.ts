import { emailTemplateNames, escapeHtml, placeholderNames } from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { invalid, invalidWith } from '../../http/app-error.js';
import { readSetting, writeSetting } from '../setting/setting.repo.js';

/** The notifications Parley mails, each an editable template per language. */
export const templateNames = emailTemplateNames;
export type TemplateName = (typeof templateNames)[number];
export const templateLanguages = ['en', 'zh-cn'] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

export interface MailTemplate {
  subject: string;
  /** HTML with `{{placeholders}}`; values are escaped except the `_html` ones. */
  body: string;
}

/** The placeholders every template may use. */
export const placeholders = [
  'ticket_id',
  'subject',
  'requester_name',
  'agent_name',
  'writer_name',
  'latest_reply_html',
  'conversation_html',
  'transcript_html',
  'signature_html',
  'ticket_url',
  'satisfaction_good_url',
  'satisfaction_bad_url',
  'helpdesk_name',
  'site_url',
  'account_name',
  'password_url',
  'link_valid',
] as const;

/** What an admin may write in a template: the placeholders, and the solved mail's rating links. */
export const templatePlaceholders: readonly string[] = [...placeholders, 'satisfaction_html'];

export const defaultTemplates: Record<TemplateName, Record<TemplateLanguage, MailTemplate>> = {
  ticket_received: {
    en: {
      subject: '[#{{ticket_id}}] {{subject}}',
      body: '<p>Hello {{requester_name}},</p><p>We received your request #{{ticket_id}} "{{subject}}" and will answer soon. Reply to this mail to add to it.</p>{{latest_reply_html}}<p style="color:#888">{{helpdesk_name}}</p>',
    },
    'zh-cn': {
      subject: '[#{{ticket_id}}] {{subject}}',
      body: '<p>{{requester_name}}，您好：</p><p>我们已收到您的工单 #{{ticket_id}}「{{subject}}」，会尽快答复。直接回复此邮件即可补充内容。</p>{{latest_reply_html}}<p style="color:#888">{{helpdesk_name}}</p>',
    },
  },
  public_reply: {
    en: {
      subject: 'Re: [#{{ticket_id}}] {{subject}}',
      body: '{{latest_reply_html}}{{signature_html}}<hr><p style="color:#888">Reply to this mail to answer. Earlier in this conversation:</p>{{conversation_html}}',
    },
    'zh-cn': {
      subject: 'Re: [#{{ticket_id}}] {{subject}}',
      body: '{{latest_reply_html}}{{signature_html}}<hr><p style="color:#888">直接回复此邮件即可答复。此前的对话：</p>{{conversation_html}}',
    },
  },
  ticket_solved: {
    en: {
      subject: '[#{{ticket_id}}] {{subject}} (solved)',
      body: '<p>Hello {{requester_name}},</p><p>Your request #{{ticket_id}} "{{subject}}" was solved. Reply to this mail if anything is left.</p>{{satisfaction_html}}',
    },
    'zh-cn': {
      subject: '[#{{ticket_id}}] {{subject}}（已解决）',
      body: '<p>{{requester_name}}，您好：</p><p>您的工单 #{{ticket_id}}「{{subject}}」已解决。如仍有问题，直接回复此邮件。</p>{{satisfaction_html}}',
    },
  },
  ticket_new: {
    en: {
      subject: '[#{{ticket_id}}] new ticket: {{subject}}',
      body: '<p>{{agent_name}}, {{requester_name}} opened ticket #{{ticket_id}} "{{subject}}".</p>{{latest_reply_html}}<p><a href="{{ticket_url}}">Open the ticket</a></p>',
    },
    'zh-cn': {
      subject: '[#{{ticket_id}}] 新工单：{{subject}}',
      body: '<p>{{agent_name}}，{{requester_name}} 提交了新工单 #{{ticket_id}}「{{subject}}」。</p>{{latest_reply_html}}<p><a href="{{ticket_url}}">打开工单</a></p>',
    },
  },
  ticket_assigned: {
    en: {
      subject: '[#{{ticket_id}}] assigned to you: {{subject}}',
      body: '<p>{{agent_name}}, ticket #{{ticket_id}} "{{subject}}" was assigned to you.</p><p><a href="{{ticket_url}}">Open the ticket</a></p>',
    },
    'zh-cn': {
      subject: '[#{{ticket_id}}] 已指派给您：{{subject}}',
      body: '<p>{{agent_name}}，工单 #{{ticket_id}}「{{subject}}」已指派给您。</p><p><a href="{{ticket_url}}">打开工单</a></p>',
    },
  },
  ticket_replied: {
    en: {
      subject: '[#{{ticket_id}}] {{writer_name}} replied: {{subject}}',
      body: '<p>{{agent_name}}, {{writer_name}} replied on ticket #{{ticket_id}} "{{subject}}".</p>{{latest_reply_html}}<p><a href="{{ticket_url}}">Open the ticket</a></p>',
    },
    'zh-cn': {
      subject: '[#{{ticket_id}}] {{writer_name}} 回复了：{{subject}}',
      body: '<p>{{agent_name}}，{{writer_name}} 回复了工单 #{{ticket_id}}「{{subject}}」。</p>{{latest_reply_html}}<p><a href="{{ticket_url}}">打开工单</a></p>',
    },
  },
  chat_transcript: {
    en: {
      subject: 'Your chat with us [#{{ticket_id}}]',
      body: '<p>Hello {{requester_name}},</p><p>Thank you for chatting with us. Here is the conversation (reference #{{ticket_id}}); reply to this mail if anything is left.</p>{{transcript_html}}',
    },
    'zh-cn': {
      subject: '您的在线对话记录 [#{{ticket_id}}]',
      body: '<p>{{requester_name}}，您好：</p><p>感谢您的咨询。以下是本次对话的记录（编号 #{{ticket_id}}），如仍有问题，直接回复此邮件。</p>{{transcript_html}}',
    },
  },
  account_invite: {
    en: {
      subject: 'You are invited to {{helpdesk_name}}',
      body: '<p>Hello {{account_name}},</p><p>{{agent_name}} added you to the help desk of {{helpdesk_name}}. Set your password to sign in:</p><p><a href="{{password_url}}">Set my password</a></p><p style="color:#888">The link works once and for {{link_valid}}. If it has expired, ask your admin for a new invitation.</p>',
    },
    'zh-cn': {
      subject: '邀请您加入 {{helpdesk_name}}',
      body: '<p>{{account_name}}，您好：</p><p>{{agent_name}} 已将您添加到 {{helpdesk_name}} 的客服系统。请设置密码后登录：</p><p><a href="{{password_url}}">设置我的密码</a></p><p style="color:#888">此链接仅可使用一次，{{link_valid}}内有效。如已过期，请联系管理员重新发送邀请。</p>',
    },
  },
  password_reset: {
    en: {
      subject: 'Set a new password for {{helpdesk_name}}',
      body: '<p>Hello {{account_name}},</p><p>Someone asked for a new password for your account at {{helpdesk_name}}. To choose one:</p><p><a href="{{password_url}}">Set a new password</a></p><p style="color:#888">The link works once and for {{link_valid}}. If you did not ask for it, ignore this mail: your password stays as it is.</p>',
    },
    'zh-cn': {
      subject: '为 {{helpdesk_name}} 设置新密码',
      body: '<p>{{account_name}}，您好：</p><p>有人为您在 {{helpdesk_name}} 的账号申请了新密码。请点击设置：</p><p><a href="{{password_url}}">设置新密码</a></p><p style="color:#888">此链接仅可使用一次，{{link_valid}}内有效。如果不是您本人的操作，请忽略此邮件，您的密码不会改变。</p>',
    },
  },
};

/**
 * Fixed words of generated blocks: the satisfaction links of the solved mail, the list of linked
 * files, who wrote a reply that is not the help desk's (a CC's mail passed on to the requester).
 */
export const mailWords: Record<
  TemplateLanguage,
  { ask: string; good: string; bad: string; files: string; wrote: (name: string) => string }
> = {
  en: {
    ask: 'How did we do?',
    good: 'Good, I am satisfied',
    bad: 'Bad, I am not satisfied',
    files: 'Attachments too large to send by mail (the links open them):',
    wrote: (name) => `${name} wrote:`,
  },
  'zh-cn': {
    ask: '您对本次服务满意吗？',
    good: '满意',
    bad: '不满意',
    files: '以下附件过大，无法随邮件发送（点击链接打开）：',
    wrote: (name) => `${name} 写道：`,
  },
};

const settingModule = 'email_template';

export async function readTemplate(db: DbOrTx, name: TemplateName, lang: TemplateLanguage): Promise<MailTemplate> {
  const stored = (await readSetting(db, settingModule, `${name}.${lang}`)) as Partial<MailTemplate> | undefined;
  const fallback = defaultTemplates[name][lang];
  return {
    subject: typeof stored?.subject === 'string' && stored.subject ? stored.subject : fallback.subject,
    body: typeof stored?.body === 'string' && stored.body ? stored.body : fallback.body,
  };
}

export async function listTemplates(db: DbOrTx) {
  const out: Array<{ name: TemplateName; lang: TemplateLanguage; subject: string; body: string; is_default: boolean }> =
    [];
  for (const name of templateNames) {
    for (const lang of templateLanguages) {
      const t = await readTemplate(db, name, lang);
      const d = defaultTemplates[name][lang];
      out.push({ name, lang, ...t, is_default: t.subject === d.subject && t.body === d.body });
    }
  }
  return out;
}

/** Saves a template; an empty subject and body go back to the default. */
/**
 * Saves a template's subject and body (empty: the default). A placeholder no mail fills
 * (`{{requester_nam}}`) would go out as nothing: refused, naming it, under the field that holds it.
 */
/** The mails that carry a one-use set-password link (its token is as good as the password). */
const linkTemplates = new Set<TemplateName>(['account_invite', 'password_reset']);

/**
 * A set-password mail must carry its link, and only as the address of a link the reader clicks:
 * anywhere else (an image's address, a tracking pixel, the subject) it would go to whoever
 * serves that address, and with it the account.
 */
function refuseLooseLink(t: MailTemplate): void {
  if (placeholderNames(t.subject).includes('password_url')) {
    throw invalid('password_url_href_only', 'subject');
  }
  const anywhere = t.body.match(/\{\{\s*password_url\s*\}\}/g) ?? [];
  const inHref = t.body.match(/<a\s[^>]*?href\s*=\s*"\{\{\s*password_url\s*\}\}"/gi) ?? [];
  if (anywhere.length === 0) {
    throw invalid('password_url_required', 'body');
  }
  if (inHref.length !== anywhere.length) {
    throw invalid('password_url_href_only', 'body');
  }
}

export async function saveTemplate(db: DbOrTx, name: TemplateName, lang: TemplateLanguage, t: MailTemplate) {
  const known = new Set<string>(templatePlaceholders);
  for (const [field, text] of Object.entries({ subject: t.subject, body: t.body })) {
    // `{{name` or `{{name}` would be sent as typed.
    const unclosed = /\{\{(?!\s*[a-z_]+\s*\}\})\s*[a-z_]{0,40}\}?/i.exec(text)?.[0];
    if (unclosed !== undefined) {
      throw invalidWith('placeholder_unclosed', field, { name: unclosed });
    }
    const unknown = placeholderNames(text).find((n) => !known.has(n));
    if (unknown !== undefined) {
      throw invalidWith('placeholder_unknown', field, { name: `{{${unknown}}}` });
    }
  }
  if (linkTemplates.has(name) && t.body !== '') {
    refuseLooseLink(t);
  }
  await writeSetting(db, settingModule, `${name}.${lang}`, { subject: t.subject, body: t.body });
}

/** Fills `{{name}}`: HTML-escaped, except names ending in `_html` (already safe HTML). */
export function render(text: string, values: Record<string, string>, asHtml: boolean): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, key: string) => {
    const value = values[key] ?? '';
    return asHtml && !key.endsWith('_html') ? escapeHtml(value) : value;
  });
}
