import type {
  TAuthPkg,
  TBanned,
  TChatMessage,
  TChatSummary,
  TCompany,
  TEmailSetting,
  TGroup,
  TInboxLogEntry,
  TRole,
  TShortcut,
  TTicket,
  TTicketAbilities,
  TTicketComment,
  TTicketField,
  TTicketListItem,
  TTicketSetting,
  TTicketView,
  TTrigger,
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

export const banned = (o: Partial<TBanned> = {}): TBanned => ({
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

export const ticketView = (o: Partial<TTicketView> = {}): TTicketView => ({
  view_id: 1,
  title: 'Your unsolved tickets',
  conditions: { all: [], any: [] },
  columns: ['ticket_id', 'subject', 'requester', 'ticket_state', 'update_ts'],
  sort: '-update_ts',
  group_by: null,
  position: 1,
  view_state: 'active',
  share_type: 'all',
  group_id: null,
  count: 2,
  count_estimated: false,
  ...o,
});

export const ticketRow = (o: Partial<TTicketListItem> = {}): TTicketListItem => ({
  ticket_id: 101,
  subject: 'Printer on fire',
  ticket_state: 'open',
  ticket_type: 'question',
  priority: 'normal',
  source: 'web',
  requester_id: 20,
  requester_name: 'Grace Hopper',
  requester_email: 'grace@example.com',
  assignee_id: null,
  group_id: null,
  company_id: null,
  tags: [],
  fields: {},
  satisfaction: 'unoffered',
  is_deleted: false,
  create_ts: Date.UTC(2026, 10, 20, 9, 0),
  update_ts: Date.UTC(2026, 10, 20, 9, 0),
  solved_ts: null,
  sla_due_ts: null,
  sla_metric: null,
  ...o,
});

export const ticket = (o: Partial<TTicket> = {}): TTicket => ({
  ticket_id: 101,
  subject: 'Printer on fire',
  ticket_state: 'open',
  ticket_type: 'question',
  priority: 'normal',
  source: 'web',
  requester_id: 20,
  requester: {
    account_id: 20,
    email: 'grace@example.com',
    real_name: 'Grace Hopper',
    avatar: '',
    user_type: 'end_user',
    access_state: 'allowed',
    company_id: null,
  },
  submitter_id: 20,
  assignee_id: null,
  group_id: null,
  company_id: null,
  tags: [],
  cc_ids: [],
  follower_ids: [],
  fields: {},
  form_id: null,
  satisfaction: 'unoffered',
  satisfaction_comment: '',
  satisfaction_url: null,
  is_deleted: false,
  create_ts: Date.UTC(2026, 10, 20, 9, 0),
  update_ts: Date.UTC(2026, 10, 20, 9, 0),
  first_reply_ts: null,
  solved_ts: null,
  deleted_ts: null,
  abilities: abilities(),
  ...o,
});

/** Everything allowed, as for an admin; a test narrows what it checks. */
export const abilities = (o: Partial<TTicketAbilities> = {}): TTicketAbilities => ({
  edit: true,
  reply_publicly: true,
  close: true,
  reassign: true,
  delete: true,
  restore: false,
  spam: true,
  ...o,
});

export const comment = (o: Partial<TTicketComment> = {}): TTicketComment => ({
  comment_id: 1,
  ticket_id: 101,
  author_id: 20,
  author_name: 'Grace Hopper',
  author_type: 'end_user',
  body: '<p>It smokes.</p>',
  is_public: true,
  file_ids: [],
  attachments: [],
  create_ts: Date.UTC(2026, 10, 20, 9, 0),
  ...o,
});

export const chatSummary = (o: Partial<TChatSummary> = {}): TChatSummary => ({
  ticket_id: 41,
  subject: 'Chat started: Vera Visitor',
  ticket_state: 'new',
  requester_id: 20,
  visitor_name: 'Vera Visitor',
  visitor_email: 'vera@example.com',
  page_url: 'https://shop.example/cart',
  answers: [{ question_id: 1, title: 'Order number', answer: 'A-1042' }],
  accepted_by: null,
  visitor_active: true,
  last_visitor_ts: 0,
  create_ts: 0,
  ended: false,
  ...o,
});

export const chatMessage = (o: Partial<TChatMessage> = {}): TChatMessage => ({
  message_id: 100,
  ticket_id: 41,
  type: 'ticket_reply',
  account_id: 20,
  real_name: 'Vera Visitor',
  from_visitor: true,
  is_public: true,
  body: '<p>Where is my order?</p>',
  file_ids: [],
  files: [],
  quick_replies: [],
  automatic: false,
  client_message_id: 'v-1',
  create_ts: 0,
  ...o,
});

/** A custom ticket field (Settings › Ticket fields): a text field unless overridden. */
export const ticketField = (o: Partial<TTicketField> = {}): TTicketField => ({
  field_id: 1,
  field_key: 'field_1',
  field_type: 'text',
  title: 'Order number',
  customer_title: '',
  description: '',
  customer_visible: false,
  customer_editable: false,
  required_to_submit: false,
  required_to_solve: false,
  has_default: false,
  default_value: null,
  options: [],
  regex_pattern: null,
  field_state: 'active',
  position: 1,
  create_ts: 0,
  update_ts: 0,
  ...o,
});

export const trigger = (o: Partial<TTrigger> = {}): TTrigger => ({
  trigger_id: 5,
  category_id: null,
  title: 'Printers',
  active: true,
  position: 1,
  conditions: { all: [{ field: 'subject', operator: 'contains', value: 'printer' }], any: [] },
  actions: [{ action: 'add_tags', value: ['printer'] }],
  usage_30d: 0,
  last_error: null,
  last_error_ts: null,
  update_ts: 0,
  ...o,
});

/** An incoming mail that made no ticket (Settings › Emails › Mails without a ticket). */
export const inboxLogEntry = (o: Partial<TInboxLogEntry> = {}): TInboxLogEntry => ({
  log_id: 1,
  outcome: 'ignored',
  reason: 'sent by our own mailbox',
  reason_code: 'own_mailbox',
  reason_detail: '',
  from_address: '',
  subject: '',
  has_raw: false,
  raw_size: 0,
  create_ts: 1_700_000_000_000,
  ...o,
});
