import type { TLanguage } from './languages.js';
import { passwordMax, passwordMin } from './plain.js';

/**
 * The messages of setting a password through a mailed link: invitations, "Forgot password?", the
 * set-password page and the templates that carry the link (docs/decisions/0018-invitations.md).
 * Part of `messages` (messages.ts), kept apart so that file stays readable.
 */
export const passwordMessages = {
  // A new password refused: the rule it breaks, by name (not "Password is not allowed").
  password_length: {
    en: `Password must be ${passwordMin} to ${passwordMax} characters`,
    'zh-cn': `密码长度须为 ${passwordMin} 到 ${passwordMax} 个字符`,
  },
  password_is_email: {
    en: 'Password must not be the same as the email address',
    'zh-cn': '密码不能与邮箱地址相同',
  },
  password_link_invalid: {
    en: 'This link is not valid (a newer link may have replaced it). Use the link in your latest mail, or ask for a new one.',
    'zh-cn': '此链接无效（可能已被新的链接取代）。请使用最新邮件中的链接，或重新获取链接。',
  },
  password_link_used: {
    en: 'This link was already used. Sign in with your password, or ask your admin for a new link.',
    'zh-cn': '此链接已使用过。请用您的密码登录，或联系管理员重新发送链接。',
  },
  password_link_expired: {
    en: 'This link has expired. Ask your admin for a new invitation.',
    'zh-cn': '此链接已过期。请联系管理员重新发送邀请。',
  },
  password_link_expired_reset: {
    en: 'This link has expired. Ask for a new one with “Forgot password?” on the sign-in page.',
    'zh-cn': '此链接已过期。请在登录页点击“忘记密码？”重新获取。',
  },
  password_forgot_sent: {
    en: 'If an account with that address exists, we have sent it a link to set a new password. The link works once and for 1 hour.',
    'zh-cn': '如果该邮箱对应的账号存在，我们已向其发送设置新密码的链接。链接仅可使用一次，1 小时内有效。',
  },
  password_forgot_unavailable: {
    en: 'Password reset by mail is not available on this help desk (no outgoing mail is set up). Ask your admin to set a new password for you.',
    'zh-cn': '此客服系统未配置外发邮件，无法通过邮件重置密码。请联系管理员为您设置新密码。',
  },
  password_forgot_too_many: {
    en: 'Too many requests for a new password; please try again later.',
    'zh-cn': '申请新密码的次数过多，请稍后再试。',
  },
  invite_needs_email: {
    en: 'The email channel is not set up (Settings › Emails): type a password instead',
    'zh-cn': '尚未配置邮件通道（设置 › 邮件）：请直接设置密码',
  },
  invite_or_password: {
    en: 'Either send an invitation or type a password, not both',
    'zh-cn': '请选择发送邀请或设置密码，不能同时进行',
  },
  invite_staff_only: {
    en: 'Only admins and agents are invited to sign in',
    'zh-cn': '只有管理员和客服可以被邀请登录',
  },
  invite_suspended: {
    en: 'This account is suspended: allow it before sending a link',
    'zh-cn': '此账号已停用：请先启用再发送链接',
  },
  invite_sent: { en: 'The mail is on its way', 'zh-cn': '邮件正在发送' },
  password_set: { en: 'Your password is set: sign in with it', 'zh-cn': '密码已设置，请用新密码登录' },
  password_url_required: {
    en: 'This mail must hold its link: keep {{password_url}} as the address of a link',
    'zh-cn': '此邮件必须包含链接：请保留 {{password_url}} 作为链接地址',
  },
  password_url_href_only: {
    en: '{{password_url}} may only be the address of a link (<a href="{{password_url}}">): anywhere else it would hand the account to whoever serves that address',
    'zh-cn': '{{password_url}} 只能作为链接地址（<a href="{{password_url}}">）：放在其他位置会把账号交给该地址的服务方',
  },
} as const satisfies Record<string, Record<TLanguage, string>>;
