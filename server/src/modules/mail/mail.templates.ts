import type { DbOrTx } from '../../db/client.js';
import { readSetting, writeSetting } from '../setting/setting.repo.js';

/** The notifications Parley mails, each an editable template per language. */
export const templateNames = ['ticket_received', 'public_reply', 'ticket_solved', 'ticket_assigned'] as const;
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
  'latest_reply_html',
  'conversation_html',
  'signature_html',
  'ticket_url',
  'satisfaction_good_url',
  'satisfaction_bad_url',
] as const;

export const defaultTemplates: Record<TemplateName, Record<TemplateLanguage, MailTemplate>> = {
  ticket_received: {
    en: {
      subject: '[#{{ticket_id}}] {{subject}}',
      body: '<p>Hello {{requester_name}},</p><p>We received your request #{{ticket_id}} "{{subject}}" and will answer soon. Reply to this mail to add to it.</p>{{latest_reply_html}}',
    },
    'zh-cn': {
      subject: '[#{{ticket_id}}] {{subject}}',
      body: '<p>{{requester_name}}，您好：</p><p>我们已收到您的工单 #{{ticket_id}}「{{subject}}」，会尽快答复。直接回复此邮件即可补充内容。</p>{{latest_reply_html}}',
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
};

/** The words of the satisfaction block in the solved mail (its links are not editable). */
export const satisfactionWords: Record<TemplateLanguage, { ask: string; good: string; bad: string }> = {
  en: { ask: 'How did we do?', good: 'Good, I am satisfied', bad: 'Bad, I am not satisfied' },
  'zh-cn': { ask: '您对本次服务满意吗？', good: '满意', bad: '不满意' },
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
export async function saveTemplate(db: DbOrTx, name: TemplateName, lang: TemplateLanguage, t: MailTemplate) {
  await writeSetting(db, settingModule, `${name}.${lang}`, { subject: t.subject, body: t.body });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Fills `{{name}}`: HTML-escaped, except names ending in `_html` (already safe HTML). */
export function render(text: string, values: Record<string, string>, asHtml: boolean): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, key: string) => {
    const value = values[key] ?? '';
    return asHtml && !key.endsWith('_html') ? escapeHtml(value) : value;
  });
}
