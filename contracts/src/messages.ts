import type { TLanguage } from './languages.js';
import { passwordMessages } from './messages-password.js';

/**
 * Every message the server sends and every validation message a form shows, by key.
 * The texts are the spec's own (docs/product.md §5 and §8). Schemas carry keys; each side translates.
 */
export const messages = {
  ...passwordMessages,
  ok: { en: 'Success', 'zh-cn': '成功' },
  saved: { en: 'Successfully saved', 'zh-cn': '保存成功' },
  deleted: { en: 'Successfully deleted', 'zh-cn': '删除成功' },
  confirm_delete: { en: 'Are you sure to delete?', 'zh-cn': '确定要删除吗？' },
  unauthorized: { en: 'Please sign in', 'zh-cn': '请先登录' },
  session_expired: { en: 'Your session has ended, please sign in again', 'zh-cn': '登录已失效，请重新登录' },
  forbidden: { en: 'You do not have permission for this', 'zh-cn': '没有权限执行此操作' },
  not_found: { en: 'Not found', 'zh-cn': '未找到' },
  grant_beyond_own: {
    en: 'You cannot give permissions or ticket access that you do not hold yourself',
    'zh-cn': '不能授予您自己没有的权限或工单访问范围',
  },
  takeover_beyond_own: {
    en: 'You cannot set the password of an account that can do more than you',
    'zh-cn': '不能为权限比您多的账号设置密码',
  },
  manage_beyond_own: {
    en: 'You cannot change, suspend or delete an account that can do more than you',
    'zh-cn': '不能修改、停用或删除权限比您多的账号',
  },
  internal: { en: 'Something went wrong on our side; please try again', 'zh-cn': '服务器出错，请稍后重试' },
  invalid_request: { en: 'Invalid request', 'zh-cn': '请求无效' },
  text_not_allowed: {
    en: 'Contains a character that is not allowed (NUL or a broken Unicode character)',
    'zh-cn': '包含不允许的字符（空字符或无效的 Unicode 字符）',
  },
  id_not_found: { en: 'No record has this id', 'zh-cn': '该 ID 对应的记录不存在' },
  nested_too_deep: { en: 'Nested too deeply', 'zh-cn': '嵌套层级过深' },
  request_too_large: { en: 'The request is too large', 'zh-cn': '请求内容过大' },
  url_invalid: { en: 'The address of the request is not valid', 'zh-cn': '请求地址无效' },
  invalid_json: { en: 'The request body is not valid JSON', 'zh-cn': '请求内容不是有效的 JSON' },
  body_too_large: { en: 'File size cannot exceed 20M', 'zh-cn': '文件大小不能超过 20M' },
  unsupported_media: { en: 'Unsupported content type', 'zh-cn': '不支持的内容类型' },
  too_many_attempts: {
    en: 'Too many failed sign-ins; please try again later',
    'zh-cn': '登录失败次数过多，请稍后再试',
  },
  rate_limited: { en: 'Too many requests; please slow down', 'zh-cn': '请求过于频繁，请稍后再试' },
  login_failed: { en: 'Incorrect email or password', 'zh-cn': '邮箱或密码错误' },
  user_suspended: { en: 'User has been suspended', 'zh-cn': '用户已被停用' },
  old_password_wrong: { en: 'The current password is incorrect', 'zh-cn': '当前密码不正确' },
  password_not_allowed: { en: 'Password is not allowed', 'zh-cn': '密码不符合要求' },
  passwords_inconsistent: {
    en: 'The passwords entered two times are inconsistent',
    'zh-cn': '两次输入的密码不一致',
  },
  email_format: { en: 'Incorrect mailbox format', 'zh-cn': '邮箱格式不正确' },
  file_too_large: { en: 'File size cannot exceed 20M', 'zh-cn': '文件大小不能超过 20M' },
  avatar_invalid: {
    en: 'Avatar must be an image smaller than 100 x 100',
    'zh-cn': '头像必须是小于 100 x 100 的图片',
  },
  avatar_not_image: {
    en: 'This file is not an image: the avatar must be a png, jpg, webp or gif picture',
    'zh-cn': '此文件不是图片：头像必须是 png、jpg、webp 或 gif 格式的图片',
  },
  upload_in_progress: {
    en: 'An upload is in progress, please resubmit later',
    'zh-cn': '正在上传，请稍后再提交',
  },
  sending_in_progress: {
    en: 'A message is being sent, please resubmit later',
    'zh-cn': '消息发送中，请稍后再提交',
  },
  end_after_start: { en: 'End date must be later than start date', 'zh-cn': '结束日期必须晚于开始日期' },
  must_choose_fields: { en: 'Must choose field(s)', 'zh-cn': '请选择字段' },
  must_choose_notes: { en: 'Must choose note(s)', 'zh-cn': '请选择备注' },
  must_choose_tags: { en: 'Must choose tag(s)', 'zh-cn': '请选择标签' },
  must_choose_roles: { en: 'Must choose role(s)', 'zh-cn': '请选择角色' },
  null_default: { en: 'Null value not allowed as default', 'zh-cn': '默认值不能为空' },
  parent_required: { en: 'Parent value is required', 'zh-cn': '请选择父级值' },
  options_required: { en: 'Add at least one value', 'zh-cn': '请至少添加一个选项' },
  option_duplicate: { en: 'This value is already used by another option', 'zh-cn': '该值已被其他选项使用' },
  regex_invalid: { en: 'Not a valid regular expression', 'zh-cn': '不是有效的正则表达式' },
  field_pattern: { en: 'Does not match the required format', 'zh-cn': '不符合要求的格式' },
  field_type_fixed: { en: 'The type of a field cannot be changed', 'zh-cn': '字段类型不能修改' },
  field_value_invalid: { en: '{field}: invalid value', 'zh-cn': '{field}：值无效' },
  field_value_pattern: { en: '{field} does not match the required format', 'zh-cn': '{field} 不符合要求的格式' },
  field_required_submit: { en: '{field} is required', 'zh-cn': '请填写{field}' },
  field_required_solve: { en: '{field} is required to solve the ticket', 'zh-cn': '解决工单前必须填写{field}' },
  field_unknown: { en: 'No ticket field has this key', 'zh-cn': '没有该工单字段' },
  group_unknown: { en: 'No group has this id', 'zh-cn': '没有该组' },
  form_default_inactive: { en: 'The default form must be active', 'zh-cn': '默认表单必须为启用状态' },
  form_default_required: {
    en: 'One form must be the default; make another form the default instead',
    'zh-cn': '必须有一个默认表单；请改为将其他表单设为默认',
  },
  form_inactive: { en: 'This form is not active', 'zh-cn': '该表单未启用' },
  condition_invalid: {
    en: 'A condition must name a drop-down or checkbox field of the form, a value of it, and other fields of the form',
    'zh-cn': '条件必须选择表单中的下拉或复选框字段、其取值，以及表单中的其他字段',
  },
  condition_loop: {
    en: 'A condition cannot show a field that shows its own field: the fields would never appear',
    'zh-cn': '条件不能显示一个反过来显示其自身字段的字段：这些字段将永远不会出现',
  },
  views_max_columns: { en: 'Views allow up to 10 columns', 'zh-cn': '视图最多 10 列' },
  field_invalid: { en: 'Invalid value', 'zh-cn': '值无效' },
  field_too_long: { en: 'Too long', 'zh-cn': '内容过长' },
  field_whole_number: { en: 'Enter a whole number', 'zh-cn': '请输入整数' },
  field_number: { en: 'Enter a number', 'zh-cn': '请输入数字' },
  enum_invalid: { en: 'Unknown value', 'zh-cn': '未知的选项' },
  node_exists: { en: 'This node already exists', 'zh-cn': '该节点已存在' },
  // "<Field> is required" messages of docs/product.md §5.
  required_name: { en: 'Name is required', 'zh-cn': '请输入名称' },
  // A person's name (姓名), not a thing's (名称: fields, schedules, roles... share required_name).
  required_person_name: { en: 'Name is required', 'zh-cn': '请输入姓名' },
  required_view_title: { en: 'View title is required', 'zh-cn': '请输入视图标题' },
  required_category_name: { en: 'Category name is required', 'zh-cn': '请输入分类名称' },
  required_email: { en: 'Email is required', 'zh-cn': '请输入邮箱' },
  required_form_name: { en: 'Form name is required', 'zh-cn': '请输入表单名称' },
  required_ip: { en: 'Ip address is required', 'zh-cn': '请输入 IP 地址' },
  required_group_name: { en: 'Group name is required', 'zh-cn': '请输入组名' },
  required_note_name: { en: 'Note name is required', 'zh-cn': '请输入备注名称' },
  required_tag_name: { en: 'Tag name is required', 'zh-cn': '请输入标签名称' },
  required_role_name: { en: 'Role name is required', 'zh-cn': '请输入角色名称' },
  required_organization_name: { en: 'Organization name is required', 'zh-cn': '请输入组织名称' },
  required_subject: { en: 'Subject is required', 'zh-cn': '请输入主题' },
  required_description: { en: 'Description is required', 'zh-cn': '请输入描述' },
  required_sender: { en: 'Sender is required', 'zh-cn': '请输入发件人' },
  required_smtp_host: { en: 'Smtp host is required', 'zh-cn': '请输入 SMTP 服务器' },
  required_imap_host: { en: 'Imap host is required', 'zh-cn': '请输入 IMAP 服务器' },
  required_gateway: { en: 'Gateway is required', 'zh-cn': '请输入网关' },
  required_account: { en: 'Account is required', 'zh-cn': '请输入账号' },
  required_password: { en: 'Password is required', 'zh-cn': '请输入密码' },
  required_holiday_name: { en: 'Holiday name is required', 'zh-cn': '请输入假期名称' },
  required_start_date: { en: 'Start date is required', 'zh-cn': '请选择开始日期' },
  required_end_date: { en: 'End date is required', 'zh-cn': '请选择结束日期' },
  required_note: { en: 'Note is required', 'zh-cn': '请输入备注' },
  required_field: { en: 'This field is required', 'zh-cn': '此项为必填项' },
  required_todo_text: { en: 'What to do is required', 'zh-cn': '请输入待办内容' },
  todo_too_many: {
    en: 'Your todo list is full (200 open items): finish or delete some first',
    'zh-cn': '待办事项已满（200 条未完成）：请先完成或删除一些',
  },
  url_format: {
    en: 'Enter an address starting with http:// or https://',
    'zh-cn': '请输入以 http:// 或 https:// 开头的网址',
  },
  // People and settings.
  email_exists: { en: 'This email is already in use', 'zh-cn': '该邮箱已被使用' },
  email_not_configured: {
    en: 'The email channel is not set up yet (server and account in the email settings)',
    'zh-cn': '尚未配置邮件渠道（请在邮件设置中填写服务器和账号）',
  },
  domain_invalid: { en: 'Incorrect domain format', 'zh-cn': '域名格式不正确' },
  search_field_unknown: {
    en: 'The search knows no ticket field {name}; the fields are listed in the help beside the search box',
    'zh-cn': '搜索中没有工单字段 {name}；可用的字段列在搜索框旁的说明中',
  },
  search_value_invalid: {
    en: 'The search does not know {value}; use one of: {allowed}',
    'zh-cn': '搜索无法识别 {value}，可用的值：{allowed}',
  },
  domain_taken: { en: 'The domain {domain} already belongs to {company}', 'zh-cn': '域名 {domain} 已属于 {company}' },
  company_exists: { en: 'An organization of this name exists already', 'zh-cn': '已有同名组织' },
  timezone_invalid: { en: 'Unknown time zone', 'zh-cn': '未知的时区' },
  cannot_delete_self: { en: 'You cannot delete your own account', 'zh-cn': '不能删除自己的账号' },
  cannot_suspend_self: { en: 'You cannot suspend your own account', 'zh-cn': '不能停用自己的账号' },
  last_admin: {
    en: 'The last administrator cannot be deleted, suspended or demoted',
    'zh-cn': '不能删除、停用或降级最后一位管理员',
  },
  account_suspended_instead: {
    en: 'The user has tickets, so the account was suspended instead of deleted',
    'zh-cn': '该用户有工单，已改为停用账号',
  },
  staff_only: {
    en: 'Only agents and administrators can have roles and groups',
    'zh-cn': '只有客服和管理员可以拥有角色和组',
  },
  role_name_exists: { en: 'A role of this name already exists', 'zh-cn': '已有同名角色' },
  group_name_exists: { en: 'A group of this name already exists', 'zh-cn': '已有同名组' },
  schedule_name_exists: { en: 'A schedule of this name already exists', 'zh-cn': '已有同名工作时间' },
  shortcut_name_exists: { en: 'A shortcut of this name already exists', 'zh-cn': '已有同名快捷回复' },
  field_name_exists: { en: 'A ticket field of this name already exists', 'zh-cn': '已有同名工单字段' },
  form_name_exists: { en: 'A ticket form of this name already exists', 'zh-cn': '已有同名工单表单' },
  default_role_kept: {
    en: 'New agents get this role: it cannot be made inactive or deleted',
    'zh-cn': '新客服默认获得该角色：不能停用或删除',
  },
  pkg_in_use: {
    en: 'This package is still used by {count} role(s): {roles}. Remove it from them first',
    'zh-cn': '仍有 {count} 个角色使用该权限包：{roles}。请先从这些角色中移除',
  },
  members_must_be_staff: { en: 'Members must be agents or administrators', 'zh-cn': '成员必须是客服或管理员' },
  one_default_group: {
    en: 'There must be one default group: make another group the default instead',
    'zh-cn': '必须有一个默认组：请将其他组设为默认',
  },
  file_required: { en: 'Please choose a file', 'zh-cn': '请选择文件' },
  favicon_invalid: {
    en: 'The favicon must be a png or ico image of at most 256 x 256',
    'zh-cn': '网站图标必须是不超过 256 x 256 的 png 或 ico 图片',
  },
  ad_image_invalid: {
    en: 'The ad image must be a png, jpg or webp image 1000px wide',
    'zh-cn': '广告图片必须是宽 1000 像素的 png、jpg 或 webp 图片',
  },
  setting_reserved: {
    en: 'This setting module is edited on its own screen',
    'zh-cn': '该设置模块需在其专属页面编辑',
  },
  black_exists: { en: 'Already in the banned list', 'zh-cn': '已在黑名单中' },
  ip_invalid: { en: 'Incorrect IP address format', 'zh-cn': 'IP 地址格式不正确' },
  blacklist_entry_invalid: {
    en: '{entry} is not an email address or a domain',
    'zh-cn': '{entry} 不是邮箱地址或域名',
  },
  required_title: { en: 'Title is required', 'zh-cn': '请输入标题' },
  choices_required: { en: 'Add at least one choice', 'zh-cn': '请至少添加一个选项' },
  choice_in_use: {
    en: "This choice is used by another question's rule",
    'zh-cn': '该选项被其他问题的规则使用',
  },
  // Tickets.
  required_requester: { en: 'Requester is required', 'zh-cn': '请选择或输入请求者' },
  tag_invalid: { en: 'Tags cannot contain spaces or commas', 'zh-cn': '标签不能包含空格或逗号' },
  tag_exists: {
    en: 'This tag already exists; merge the two tags instead',
    'zh-cn': '该标签已存在，请改为合并这两个标签',
  },
  tags_disabled: {
    en: 'Tags are turned off in the ticket settings',
    'zh-cn': '工单设置中已关闭标签功能',
  },
  tag_merge_self: { en: 'A tag cannot be merged into itself', 'zh-cn': '标签不能合并到其自身' },
  ticket_closed: {
    en: 'This ticket is closed and can no longer be changed',
    'zh-cn': '该工单已关闭，不能再修改',
  },
  ticket_deleted: { en: 'This ticket is deleted; restore it first', 'zh-cn': '该工单已删除，请先恢复' },
  ticket_edit_conflict: {
    en: 'Someone else changed this ticket while you were editing: their changes are shown now; check yours and submit again',
    'zh-cn': '您编辑期间其他人修改了该工单：现已显示其修改，请核对您的修改后重新提交',
  },
  public_reply_not_allowed: { en: 'You may only add internal notes', 'zh-cn': '您只能添加内部备注' },
  cannot_close_ticket: { en: 'You are not allowed to close tickets', 'zh-cn': '您没有关闭工单的权限' },
  cc_blacklisted: {
    en: '{email} cannot be added as a CC or follower',
    'zh-cn': '{email} 不能被添加为抄送人或关注者',
  },
  followers_must_be_staff: { en: 'Followers must be agents or administrators', 'zh-cn': '关注者必须是客服或管理员' },
  assignee_must_be_staff: {
    en: 'Tickets can only be assigned to active agents or administrators',
    'zh-cn': '工单只能分配给正常状态的客服或管理员',
  },
  group_not_visible: {
    en: 'You cannot see the tickets of this group: choose one of your groups',
    'zh-cn': '您无权查看该组的工单：请选择您所在的组',
  },
  assignee_not_in_group: { en: 'The assignee is not a member of this group', 'zh-cn': '受理人不是该组的成员' },
  reassign_not_allowed: {
    en: 'This ticket is assigned to another agent and cannot be reassigned',
    'zh-cn': '该工单已分配给其他客服，不能重新分配',
  },
  attachments_disabled: { en: 'Attachments are not allowed', 'zh-cn': '不允许添加附件' },
  attachment_invalid: {
    en: 'An attachment was not found or is already used; please upload it again',
    'zh-cn': '附件不存在或已被使用，请重新上传',
  },
  submission_refused: {
    en: 'Your request cannot be accepted. Please contact us another way',
    'zh-cn': '无法受理您的请求，请通过其他方式联系我们',
  },
  too_many_submissions: {
    en: 'Too many submissions; please try again later',
    'zh-cn': '提交过于频繁，请稍后再试',
  },
  satisfaction_unavailable: {
    en: 'Rating is not available for this ticket',
    'zh-cn': '该工单暂不能评价',
  },
  spam_requester_staff: {
    en: 'Tickets requested by agents or administrators cannot be marked as spam',
    'zh-cn': '客服或管理员提交的工单不能标记为垃圾工单',
  },
  marked_spam: {
    en: 'Marked as spam: the requester is suspended and their tickets deleted',
    'zh-cn': '已标记为垃圾工单：请求者已停用，其工单已删除',
  },
  restored: { en: 'Successfully restored', 'zh-cn': '恢复成功' },
  chat_not_found: { en: 'This chat has ended or does not exist', 'zh-cn': '该对话已结束或不存在' },
  chat_ended: { en: 'This chat has ended', 'zh-cn': '该对话已结束' },
  chat_taken: { en: 'Another agent has already accepted this chat', 'zh-cn': '该对话已被其他客服接入' },
  chat_not_yours: { en: 'Accept this chat before answering it', 'zh-cn': '请先接入该对话再回复' },
  chat_tool_access: { en: 'Your account does not take chats', 'zh-cn': '您的账号未开通在线对话' },
  note_placeholder_unknown: {
    en: 'The comment holds a placeholder that is not in the list under it',
    'zh-cn': '评论中有不在下方列表中的占位符',
  },
  placeholder_unclosed: {
    en: '{name} is not a whole placeholder: close it with }}',
    'zh-cn': '{name} 不是完整的占位符：请以 }} 结尾',
  },
  placeholder_unknown: {
    en: '{name} is not a placeholder these mails fill: it would be sent as nothing',
    'zh-cn': '{name} 不是邮件可用的占位符：发送时会显示为空',
  },
  chat_transfer_target: {
    en: 'This agent does not take chats: choose one who does, or a group',
    'zh-cn': '该客服未开通在线对话：请选择已开通的客服或一个组',
  },
  chat_origin_refused: { en: 'This site may not embed the chat', 'zh-cn': '该网站不允许嵌入在线对话' },
  chat_started_body: { en: 'Chat started', 'zh-cn': '对话开始' },
  attachment_dropped: {
    en: '{name} ({size} MB) was not kept: attachments over 20 MB are dropped.',
    'zh-cn': '{name}（{size} MB）未保存：超过 20 MB 的附件会被丢弃。',
  },
  follow_up_of: {
    en: 'Follow-up of closed ticket #{ticket_id}: the customer answered it by email',
    'zh-cn': '已关闭工单 #{ticket_id} 的跟进：客户通过邮件回复了该工单',
  },
  chat_ended_body: { en: 'The chat has ended', 'zh-cn': '对话已结束' },
  mailbox_failed_connection: {
    en: 'Nothing answered at {endpoint}: check the host and port',
    'zh-cn': '{endpoint} 没有响应：请检查主机和端口',
  },
  mailbox_failed_greeting: {
    en: '{endpoint} took the connection but sent no greeting in time: check the port and Use SSL',
    'zh-cn': '{endpoint} 接受了连接，但未在规定时间内发送问候：请检查端口和“使用 SSL”',
  },
  mailbox_failed_tls: {
    en: 'TLS failed at {endpoint}: check Use SSL and the port',
    'zh-cn': '{endpoint} 的 TLS 失败：请检查“使用 SSL”和端口',
  },
  mailbox_failed_login: {
    en: 'Login refused at {endpoint}: check the account and password',
    'zh-cn': '{endpoint} 拒绝登录：请检查账号和密码',
  },
  mailbox_failed_mailbox: {
    en: 'Signed in at {endpoint}, but the inbox could not be opened',
    'zh-cn': '已登录 {endpoint}，但无法打开收件箱',
  },
  chat_missed_email: {
    en: 'Sorry, no one was free to take your chat. We have your messages and will answer by email to {email}.',
    'zh-cn': '抱歉，暂时没有客服可以接入您的对话。我们已收到您的消息，会通过邮件回复至 {email}。',
  },
  chat_missed_anonymous: {
    en: 'Sorry, no one was free to take your chat. Please try again later.',
    'zh-cn': '抱歉，暂时没有客服可以接入您的对话，请稍后再试。',
  },
  chat_answers_required: { en: 'Please answer the questions', 'zh-cn': '请回答问题' },
  chat_visitor: { en: 'Visitor', 'zh-cn': '访客' },
  chat_closed: {
    en: 'Chat is closed now. Please leave a message and we will reply by email',
    'zh-cn': '当前不在在线对话服务时间，请留言，我们会通过邮件回复您',
  },
  chat_hours_order: { en: 'The end time must be later than the start time', 'zh-cn': '结束时间必须晚于开始时间' },
  required_chat_trigger_message: { en: 'Message is required', 'zh-cn': '请输入消息内容' },
  required_chat_message: { en: 'Message is required', 'zh-cn': '请输入消息内容' },
  chat_unknown_event: { en: 'Unknown event', 'zh-cn': '未知事件' },
  // Business rules (#18).
  schedule_overlap: { en: 'Intervals of a day must not overlap', 'zh-cn': '同一天的时间段不能重叠' },
  schedule_in_use: {
    en: 'Rules or SLA policies still use this schedule: {users}. Change them first',
    'zh-cn': '以下规则或 SLA 策略仍在使用该工作时间：{users}。请先修改它们',
  },
  sla_schedule_no_hours: {
    en: 'This schedule has no business hours ahead: targets measured in it would never fall due',
    'zh-cn': '该工作时间今后没有营业时间：按其计时的目标永远不会到期',
  },
  schedule_sla_needs_hours: {
    en: 'An SLA policy measures its targets in this schedule: keep some business hours in it',
    'zh-cn': '有 SLA 策略按该工作时间计时：请保留营业时间',
  },
  category_exists: { en: 'A category of this name exists already', 'zh-cn': '已有同名分类' },
  automation_needs_time: { en: 'Add an hours condition', 'zh-cn': '请添加小时数条件' },
  rule_needs_action: { en: 'Add at least one action', 'zh-cn': '请至少添加一个操作' },
  trigger_needs_condition: {
    en: 'Add at least one condition: a trigger without one would act on every change of every ticket',
    'zh-cn': '请至少添加一个条件：没有条件的触发器会作用于每个工单的每次更改',
  },
  automation_update_not_nullified: {
    en: 'On a ticket that has what the actions set already, nothing changes and the update time stays: add a condition an action makes false (such as tags exclude the tag it adds)',
    'zh-cn':
      '工单已有操作要设置的值时不会更改，更新时间也不变：请添加一个会被操作改为不成立的条件（例如标签不包含其添加的标签）',
  },
  automation_not_nullified: {
    en: 'An action must make a condition false, or it would repeat every hour',
    'zh-cn': '必须有操作使某个条件不再成立，否则会每小时重复',
  },
  webhook_address_refused: { en: 'Webhooks call public addresses only', 'zh-cn': 'Webhook 仅可调用公网地址' },
  dry_run_no_ticket: { en: 'Ticket #{id} was not found', 'zh-cn': '未找到工单 #{id}' },
  rule_text_required: { en: 'Enter the text to look for', 'zh-cn': '请输入要查找的文字' },
  rule_tag_required: { en: 'Add at least one tag', 'zh-cn': '请至少添加一个标签' },
  rule_hours_invalid: {
    en: 'Enter a whole number of hours, from 0 to 100,000',
    'zh-cn': '请输入 0 到 100,000 之间的整数小时数',
  },
  rule_value_required: { en: 'Choose a value', 'zh-cn': '请选择一个值' },
  time_format: { en: 'Enter a time such as 09:00', 'zh-cn': '请输入时间，例如 09:00' },
  webhook_url_format: {
    en: 'Webhook addresses start with https:// or http://',
    'zh-cn': 'Webhook 地址须以 https:// 或 http:// 开头',
  },
  webhook_url_credentials: {
    en: 'Leave the user name and password out of the webhook address',
    'zh-cn': 'Webhook 地址中不能包含用户名和密码',
  },
} as const satisfies Record<string, Record<TLanguage, string>>;

export type TMessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is TMessageKey {
  return Object.hasOwn(messages, value);
}

/**
 * Translates a message key, its `{name}` placeholders filled from `params` (a name without a value
 * stays as written); an unknown key is returned as it is (it is already a text).
 */
export function translate(key: string, language: TLanguage, params?: Record<string, string>): string {
  const text = isMessageKey(key) ? messages[key][language] : key;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole) : text;
}
