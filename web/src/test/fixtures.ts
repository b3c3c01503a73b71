import type {
  TAuthPkg,
  TBlack,
  TCompany,
  TEmailSetting,
  TGroup,
  TRole,
  TShortcut,
  TTicketSetting,
} from '@parley/contracts';

/** Records as the server presents them, with overrides. */
export const company = (o: Partial<TCompany> = {}): TCompany => ({
  company_id: 5,
  company_name: 'Acme Ltd',
  company_domains: ['acme.com'],
  note: '',
  create_ts: 0,
  update_ts: 0,
  ...o,
});

export const group = (o: Partial<TGroup> = {}): TGroup => ({
  group_id: 2,
  group_name: 'Support',
  is_default: true,
  remark: '',
  account_ids: [3],
  create_ts: 0,
  update_ts: 0,
  ...o,
});

export const role = (o: Partial<TRole> = {}): TRole => ({
  role_id: 4,
  role_name: 'Agent',
  remark: '',
  role_state: 'active',
  is_default: true,
  auth_pkg_ids: [7],
  account_ids: [3],
  create_ts: 0,
  update_ts: 0,
  ...o,
});

export const pkg = (o: Partial<TAuthPkg> = {}): TAuthPkg => ({ pkg_id: 7, pkg_title: 'Tickets', node_ids: [], ...o });

export const black = (o: Partial<TBlack> = {}): TBlack => ({
  black_id: 9,
  black_type: 'email',
  black_value: '@spam.example',
  reason: 'Spam',
  create_ts: 0,
  ...o,
});

export const shortcut = (o: Partial<TShortcut> = {}): TShortcut => ({
  shortcut_id: 6,
  title: 'Greeting',
  message: 'Hello, how can I help?',
  allow_type: 'all',
  tag_ids: [],
  choice_list: [],
  creator_id: 1,
  create_ts: 0,
  update_ts: 0,
  ...o,
});

export const emailSetting = (o: Partial<TEmailSetting> = {}): TEmailSetting => ({
  sender: '',
  smtp_host: '',
  imap_host: '',
  gateway: '',
  account: '',
  has_password: false,
  use_ssl: true,
  use_bottom_ad: false,
  bottom_ad_image: '',
  bottom_ad_image_url: '',
  use_bottom_tips: false,
  bottom_tips: '',
  ...o,
});

export const ticketSetting = (o: Partial<TTicketSetting> = {}): TTicketSetting => ({
  show_hyperlink: true,
  public_comment: true,
  can_attach: true,
  include_attach: false,
  enable_tag: true,
  auto_assign: false,
  allow_reassign: true,
  allow_score: true,
  enable_follow: false,
  enable_ccs: false,
  follow_and_ccs_blacklist: '',
  ...o,
});
