import { isAnonymousEmail, shownEmail, type TAccount, type TUserType } from '@parley/contracts';

/** The fields an administrator sets on someone's account. */
export type TAccountFields = Pick<
  TAccount,
  | 'email'
  | 'real_name'
  | 'user_type'
  | 'ticket_access'
  | 'reply_access'
  | 'can_close_ticket'
  | 'inner_notes'
  | 'allow_check_email'
  | 'role_ids'
  | 'group_ids'
  | 'company_id'
> & { tool_access: 'chat'[] };

/** The account form's values; `chat` stands for `tool_access` holding `chat`. */
export interface TAccountValues {
  real_name: string;
  email: string;
  user_type: TUserType;
  role_ids: number[];
  group_ids: number[];
  company_id: number | null;
  ticket_access: TAccount['ticket_access'];
  reply_access: TAccount['reply_access'];
  can_close_ticket: boolean;
  chat: boolean;
  inner_notes: string;
  allow_check_email: boolean;
  password?: string;
  /** A new admin or agent: mail them an invitation to set their own password. */
  invite?: boolean;
}

export function accountValuesOf(account: TAccount | undefined, userType: TUserType = 'agent'): TAccountValues {
  return {
    real_name: account?.real_name ?? '',
    // A chat visitor who gave no address: the box is empty (their made-up one is kept on saving).
    email: shownEmail(account?.email ?? ''),
    user_type: account?.user_type ?? userType,
    role_ids: account?.role_ids ?? [],
    group_ids: account?.group_ids ?? [],
    company_id: account?.company_id ?? null,
    ticket_access: account?.ticket_access ?? 'all',
    reply_access: account?.reply_access ?? 'public',
    can_close_ticket: account?.can_close_ticket ?? true,
    chat: account?.tool_access.includes('chat') ?? false,
    inner_notes: account?.inner_notes ?? '',
    allow_check_email: account?.allow_check_email ?? false,
  };
}

/**
 * The request body from the form's whole store (hidden inputs keep their values): roles belong
 * to agents, groups and chat to staff, an organization to end users.
 */
export function accountRequestOf(values: TAccountValues, previous?: TAccount): TAccountFields {
  const staff = values.user_type !== 'end_user';
  return {
    real_name: values.real_name.trim(),
    email: values.email.trim() || (previous && isAnonymousEmail(previous.email) ? previous.email : ''),
    user_type: values.user_type,
    role_ids: values.user_type === 'agent' ? values.role_ids : [],
    group_ids: staff ? values.group_ids : [],
    company_id: values.user_type === 'end_user' ? (values.company_id ?? null) : (previous?.company_id ?? null),
    ticket_access: values.ticket_access,
    reply_access: values.reply_access,
    can_close_ticket: values.can_close_ticket,
    tool_access: staff && values.chat ? ['chat'] : [],
    inner_notes: values.inner_notes ?? '',
    allow_check_email: values.allow_check_email,
  };
}
