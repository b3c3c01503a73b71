import {
  accountOps,
  allOps,
  authNodeOps,
  authOps,
  groupOps,
  opNodes,
  roleOps,
  type TOp,
  type TOpAccess,
  type TOpInput,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authNode, groupAccount } from '../src/db/schema/index.js';
import { buildTestApp, call, callOp, signIn, signInAdmin, type TestApp } from './app.js';
import {
  buildAgent,
  buildEndUser,
  buildGroup,
  buildRole,
  defaultPassword,
  giveDefaultRole,
  leftoverSession,
  nodeIds,
  uniqueEmail,
} from './factories.js';

/**
 * Who may call what, written out by hand for every /api/admin call: a change to a route's
 * declared access that is not also made here fails this test, and so does a new call that is
 * not listed. Each call is made by five callers:
 *   anonymous, an end user (a leftover session: end users cannot sign in, and their sessions are
 *   refused like none), a default agent (the seeded Agent role), an agent holding only the
 *   `grant` node through a role, and an admin.
 * `level` says who passes: public (everyone), session (anyone signed in), staff (agents and
 * admins), node (admins and agents holding a node). `agentRole` marks node calls that the
 * default Agent role grants. A caller who passes gets `ok`: the requests are harmless on
 * purpose (empty bodies fail validation, unknown ids answer 0404), so nothing is changed.
 */
type Level = 'public' | 'session' | 'staff' | 'node';
interface Row {
  call: string;
  level: Level;
  grant?: string;
  agentRole?: boolean;
  ok: '0000' | 'FFFF' | '0404';
  query?: Record<string, string>;
  /** The call ends the caller's session: give it fresh tokens. */
  endsSession?: boolean;
}

const none = '99999999';
const g = (call: string, level: Level, ok: Row['ok'], extra: Partial<Row> = {}): Row => ({
  call: `GET ${call}`,
  level,
  ok,
  ...extra,
});
const p = (call: string, level: Level, ok: Row['ok'], extra: Partial<Row> = {}): Row => ({
  call: `POST ${call}`,
  level,
  ok,
  ...extra,
});
const s = '/api/admin/settings';
const a = '/api/admin';

const accessTable: Row[] = [
  // Foundation: sign-in, own account, permissions.
  p(`${a}/auth.login`, 'public', 'FFFF'),
  p(`${a}/auth.logout`, 'session', '0000', { endsSession: true }),
  g(`${a}/auth.my.info.get`, 'session', '0000'),
  p(`${a}/auth.password.edit`, 'session', 'FFFF'),
  p(`${a}/auth.my.chat.state.edit`, 'staff', 'FFFF'),
  p(`${a}/auth.check`, 'session', 'FFFF'),
  p(`${a}/auth.has.node.list`, 'session', '0000'),
  g(`${a}/auth.node.list`, 'node', '0000', { grant: '/wswt/setting/auth/node' }),
  p(`${a}/auth.node.add`, 'node', 'FFFF', { grant: 'auth.node.add' }),
  g(`${a}/auth.pkg.list`, 'node', '0000', { grant: '/wswt/setting/role/edit' }),
  p(`${a}/auth.pkg.add`, 'node', 'FFFF', { grant: 'auth.pkg.add' }),
  p(`${a}/auth.pkg.edit`, 'node', 'FFFF', { grant: 'auth.pkg.edit' }),
  p(`${a}/auth.pkg.delete`, 'node', 'FFFF', { grant: 'auth.pkg.delete' }),
  // People.
  g(`${a}/auth.account.list`, 'node', '0000', { grant: '/wswt/setting/people', agentRole: true }),
  g(`${a}/auth.account.get`, 'node', '0404', {
    grant: '/wswt/account/:account_id',
    agentRole: true,
    query: { account_id: none },
  }),
  p(`${a}/auth.account.add`, 'node', 'FFFF', { grant: 'auth.account.add' }),
  p(`${a}/auth.account.edit`, 'node', 'FFFF', { grant: 'auth.account.edit' }),
  p(`${a}/auth.account.invite.send`, 'node', 'FFFF', { grant: 'auth.account.edit' }),
  g(`${a}/auth.account.invite.state.get`, 'node', '0000', { grant: 'auth.account.add' }),
  p(`${a}/auth.account.info.edit`, 'session', '0000'),
  p(`${a}/auth.account.delete`, 'node', 'FFFF', { grant: 'auth.account.delete' }),
  p(`${a}/auth.account.access_state.edit`, 'node', 'FFFF', { grant: 'auth.account.access_state.edit' }),
  p(`${a}/auth.account.setting.edit`, 'session', 'FFFF'),
  g(`${a}/auth.account.visit.history.list`, 'node', '0404', {
    grant: '/wswt/account/:account_id',
    query: { account_id: none },
  }),
  g(`${a}/auth.account.ticket.history.list`, 'node', '0404', {
    grant: '/wswt/account/:account_id',
    agentRole: true,
    query: { account_id: none },
  }),
  p(`${a}/auth.agent.all.list`, 'staff', '0000'),
  p(`${a}/upload.avatar`, 'session', 'FFFF'),
  g(`${a}/auth.group.list`, 'node', '0000', { grant: '/wswt/setting/people', agentRole: true }),
  g(`${a}/auth.group.get`, 'node', '0404', { grant: '/wswt/setting/group/edit', query: { group_id: none } }),
  p(`${a}/auth.group.add`, 'node', 'FFFF', { grant: 'auth.group.add' }),
  p(`${a}/auth.group.edit`, 'node', 'FFFF', { grant: 'auth.group.edit' }),
  g(`${a}/auth.role.list`, 'node', '0000', { grant: '/wswt/setting/role' }),
  g(`${a}/auth.role.get`, 'node', '0404', { grant: '/wswt/setting/role/edit', query: { role_id: none } }),
  p(`${a}/auth.role.add`, 'node', 'FFFF', { grant: 'auth.role.add' }),
  p(`${a}/auth.role.edit`, 'node', 'FFFF', { grant: 'auth.role.edit' }),
  p(`${a}/auth.role.state.edit`, 'node', 'FFFF', { grant: 'auth.role.state.edit' }),
  // Organizations.
  g(`${s}/company.list`, 'node', '0000', { grant: '/wswt/setting/company', agentRole: true }),
  g(`${s}/company.get`, 'node', '0404', {
    grant: '/wswt/company/:company_id',
    agentRole: true,
    query: { company_id: none },
  }),
  p(`${s}/company.add`, 'node', 'FFFF', { grant: 'company.add' }),
  p(`${s}/company.edit`, 'node', 'FFFF', { grant: 'company.edit' }),
  p(`${s}/company.delete`, 'node', 'FFFF', { grant: 'company.delete' }),
  // Settings.
  g(`${s}/common.list`, 'staff', '0000', { query: { setting_module: 'widget' } }),
  p(`${s}/common.edit`, 'node', 'FFFF', { grant: 'common.edit' }),
  g(`${s}/email.get`, 'node', '0000', { grant: '/wswt/setting/email' }),
  p(`${s}/email.edit`, 'node', 'FFFF', { grant: 'email.edit' }),
  p(`${s}/upload.ad_image`, 'node', 'FFFF', { grant: 'email.edit' }),
  p(`${s}/email.test_send`, 'node', 'FFFF', { grant: 'email.edit' }),
  p(`${s}/email.test_mailbox`, 'node', 'FFFF', { grant: 'email.edit' }),
  g(`${s}/email.failed_jobs`, 'node', '0000', { grant: '/wswt/setting/email' }),
  p(`${s}/email.job_retry`, 'node', 'FFFF', { grant: 'email.edit' }),
  g(`${s}/email.inbox_log`, 'node', '0000', { grant: '/wswt/setting/email' }),
  g(`${s}/email.inbox_log.raw`, 'node', '0404', { grant: '/wswt/setting/email', query: { log_id: none } }),
  p(`${s}/email.inbox_log.retry`, 'node', 'FFFF', { grant: 'email.edit' }),
  g(`${s}/email.bounce.list`, 'node', '0000', { grant: '/wswt/setting/email' }),
  p(`${s}/email.bounce.clear`, 'node', 'FFFF', { grant: 'email.edit' }),
  g(`${s}/email.address.all.list`, 'node', '0000', { grant: '/wswt/setting/email' }),
  p(`${s}/email.address.add`, 'node', 'FFFF', { grant: 'email.edit' }),
  p(`${s}/email.address.edit`, 'node', 'FFFF', { grant: 'email.edit' }),
  p(`${s}/email.address.delete`, 'node', 'FFFF', { grant: 'email.edit' }),
  g(`${s}/email.template.list`, 'node', '0000', { grant: '/wswt/setting/email' }),
  p(`${s}/email.template.edit`, 'node', 'FFFF', { grant: 'email.edit' }),
  p(`${s}/appearance.branding.edit`, 'node', 'FFFF', { grant: 'appearance.branding.edit' }),
  p(`${s}/upload.favicon`, 'node', 'FFFF', { grant: 'appearance.branding.edit' }),
  // Account settings sections: details, localization, getting started; everyone's own todo list.
  g(`${s}/details.get`, 'node', '0000', { grant: '/wswt/setting/details' }),
  p(`${s}/details.edit`, 'node', 'FFFF', { grant: 'details.edit' }),
  g(`${s}/localization.get`, 'node', '0000', { grant: '/wswt/setting/localization' }),
  p(`${s}/localization.edit`, 'node', 'FFFF', { grant: 'localization.edit' }),
  g(`${s}/getting_started.get`, 'node', '0000', { grant: '/wswt/setting/getting_started' }),
  g(`${a}/todo.list`, 'staff', '0000'),
  p(`${a}/todo.add`, 'staff', 'FFFF'),
  p(`${a}/todo.edit`, 'staff', 'FFFF'),
  p(`${a}/todo.delete`, 'staff', 'FFFF'),
  g(`${s}/ticket.get`, 'node', '0000', { grant: '/wswt/setting/ticket', agentRole: true }),
  p(`${s}/ticket.edit`, 'node', '0000', { grant: 'settings.ticket.edit' }),
  g(`${s}/black.list`, 'node', '0000', { grant: '/wswt/setting/banned' }),
  p(`${s}/black.add`, 'node', 'FFFF', { grant: 'black.add' }),
  p(`${s}/black.delete`, 'node', 'FFFF', { grant: 'black.delete' }),
  g(`${s}/question.all.get`, 'node', '0000', { grant: '/wswt/setting/widget' }),
  g(`${s}/question.get`, 'node', '0404', { grant: '/wswt/setting/widget', query: { question_id: none } }),
  p(`${s}/question.add`, 'node', 'FFFF', { grant: 'question.add' }),
  p(`${s}/question.edit`, 'node', 'FFFF', { grant: 'question.edit' }),
  p(`${s}/question.delete`, 'node', 'FFFF', { grant: 'question.delete' }),
  g(`${s}/shortcut.list`, 'node', '0000', { grant: '/wswt/setting/shortcut', agentRole: true }),
  g(`${s}/shortcut.get`, 'node', '0404', {
    grant: '/wswt/setting/shortcut',
    agentRole: true,
    query: { shortcut_id: none },
  }),
  p(`${s}/shortcut.add`, 'node', 'FFFF', { grant: 'shortcut.add', agentRole: true }),
  p(`${s}/shortcut.edit`, 'node', 'FFFF', { grant: 'shortcut.edit', agentRole: true }),
  p(`${s}/shortcut.delete`, 'node', 'FFFF', { grant: 'shortcut.delete', agentRole: true }),
  // Ticket fields and forms: every agent reads the definitions (ticket page, lists); settings write them.
  g(`${s}/field.all.list`, 'staff', '0000'),
  g(`${s}/field.get`, 'node', '0404', { grant: '/wswt/setting/field/edit', query: { field_id: none } }),
  p(`${s}/field.add`, 'node', 'FFFF', { grant: 'field.add' }),
  p(`${s}/field.edit`, 'node', 'FFFF', { grant: 'field.edit' }),
  p(`${s}/field.position.edit`, 'node', 'FFFF', { grant: 'field.edit' }),
  g(`${s}/form.all.list`, 'staff', '0000'),
  g(`${s}/form.get`, 'node', '0404', { grant: '/wswt/setting/form/edit', query: { form_id: none } }),
  p(`${s}/form.add`, 'node', 'FFFF', { grant: 'form.add' }),
  p(`${s}/form.edit`, 'node', 'FFFF', { grant: 'form.edit' }),
  p(`${s}/form.position.edit`, 'node', 'FFFF', { grant: 'form.edit' }),
  // Views editor.
  g(`${s}/view.all.list`, 'node', '0000', { grant: '/wswt/setting/view' }),
  g(`${s}/view.get`, 'node', '0404', { grant: '/wswt/setting/view/edit', query: { view_id: none } }),
  p(`${s}/view.add`, 'node', 'FFFF', { grant: 'view.add' }),
  p(`${s}/view.edit`, 'node', 'FFFF', { grant: 'view.edit' }),
  p(`${s}/view.sort`, 'node', 'FFFF', { grant: 'view.edit' }),
  p(`${s}/view.delete`, 'node', 'FFFF', { grant: 'view.delete' }),
  // Tags.
  g(`${s}/tag.list`, 'node', '0000', { grant: '/wswt/setting/tag' }),
  g(`${s}/tag.get`, 'node', '0404', { grant: '/wswt/setting/tag/edit', query: { tag_name: 'no-such-tag-here' } }),
  p(`${s}/tag.add`, 'node', 'FFFF', { grant: 'tag.add' }),
  p(`${s}/tag.edit`, 'node', 'FFFF', { grant: 'tag.edit' }),
  p(`${s}/tag.merge`, 'node', 'FFFF', { grant: 'tag.edit' }),
  p(`${s}/tag.delete`, 'node', 'FFFF', { grant: 'tag.delete' }),
  // Notes (macros).
  g(`${s}/note.list`, 'node', '0000', { grant: '/wswt/setting/note' }),
  g(`${s}/note.get`, 'node', '0404', { grant: '/wswt/setting/note/edit', query: { note_id: none } }),
  g(`${s}/note.all.list`, 'node', '0000', { grant: '/wswt/ticket/edit/:ticket_id', agentRole: true }),
  g(`${s}/note.preview`, 'node', '0404', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { note_id: none, ticket_id: none },
  }),
  p(`${s}/note.add`, 'node', 'FFFF', { grant: 'note.add' }),
  p(`${s}/note.edit`, 'node', 'FFFF', { grant: 'note.edit' }),
  p(`${s}/note.delete`, 'node', 'FFFF', { grant: 'note.delete' }),
  // Tickets.
  g(`${a}/ticket.list`, 'node', '0000', { grant: '/wswt', agentRole: true }),
  g(`${a}/ticket.view.list`, 'node', '0000', { grant: '/wswt/ticket_views', agentRole: true }),
  g(`${a}/ticket.get`, 'node', '0404', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { ticket_id: none },
  }),
  g(`${a}/ticket.comment.list`, 'node', '0404', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { ticket_id: none },
  }),
  g(`${a}/ticket.event.list`, 'node', '0404', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { ticket_id: none },
  }),
  g(`${a}/ticket.requester.tickets`, 'node', 'FFFF', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { requester_id: none },
  }),
  g(`${a}/ticket.tag.list`, 'node', '0000', { grant: '/wswt/ticket/edit/:ticket_id', agentRole: true }),
  g(`${a}/ticket.attachment.get`, 'node', '0404', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { file_id: 'aaaaaaaaaaaaaaaaaaaaaa' },
  }),
  p(`${a}/ticket.upload`, 'node', 'FFFF', { grant: '/wswt/ticket/add', agentRole: true }),
  p(`${a}/ticket.add`, 'node', 'FFFF', { grant: 'ticket.add', agentRole: true }),
  p(`${a}/ticket.edit`, 'node', 'FFFF', { grant: 'ticket.edit', agentRole: true }),
  p(`${a}/ticket.bulk.edit`, 'node', 'FFFF', { grant: 'ticket.edit', agentRole: true }),
  p(`${a}/ticket.delete`, 'node', 'FFFF', { grant: 'ticket.delete' }),
  p(`${a}/ticket.restore`, 'node', 'FFFF', { grant: 'ticket.restore' }),
  p(`${a}/ticket.spam`, 'node', 'FFFF', { grant: 'ticket.spam' }),
  // Live chat.
  g(`${a}/chat.queue.list`, 'node', '0000', { grant: '/wswt/chat', agentRole: true }),
  g(`${a}/chat.get`, 'node', '0404', { grant: '/wswt/chat', agentRole: true, query: { ticket_id: none } }),
  g(`${a}/chat.message.list`, 'node', '0404', { grant: '/wswt/chat', agentRole: true, query: { ticket_id: none } }),
  p(`${a}/chat.accept`, 'node', 'FFFF', { grant: 'chat.accept', agentRole: true }),
  p(`${a}/chat.transfer`, 'node', 'FFFF', { grant: 'chat.accept', agentRole: true }),
  p(`${a}/chat.message.add`, 'node', 'FFFF', { grant: 'chat.message.add', agentRole: true }),
  p(`${a}/chat.end`, 'node', 'FFFF', { grant: 'chat.end', agentRole: true }),
  g(`${s}/widget.get`, 'node', '0000', { grant: '/wswt/setting/widget' }),
  p(`${s}/widget.edit`, 'node', 'FFFF', { grant: 'widget.edit' }),
  g(`${s}/chat.setting.get`, 'node', '0000', { grant: '/wswt/setting/chat' }),
  p(`${s}/chat.setting.edit`, 'node', 'FFFF', { grant: 'chat.setting.edit' }),
  g(`${s}/chat.trigger.list`, 'node', '0000', { grant: '/wswt/setting/chat_trigger' }),
  p(`${s}/chat.trigger.add`, 'node', 'FFFF', { grant: 'chat.trigger.add' }),
  p(`${s}/chat.trigger.edit`, 'node', 'FFFF', { grant: 'chat.trigger.edit' }),
  p(`${s}/chat.trigger.delete`, 'node', 'FFFF', { grant: 'chat.trigger.delete' }),
  // Business rules (#18).
  g(`${s}/schedule.list`, 'node', '0000', { grant: '/wswt/setting/schedule' }),
  g(`${s}/schedule.get`, 'node', '0404', { grant: '/wswt/setting/schedule/edit', query: { schedule_id: none } }),
  p(`${s}/schedule.add`, 'node', 'FFFF', { grant: 'schedule.add' }),
  p(`${s}/schedule.edit`, 'node', 'FFFF', { grant: 'schedule.edit' }),
  p(`${s}/schedule.delete`, 'node', 'FFFF', { grant: 'schedule.delete' }),
  g(`${s}/trigger.list`, 'node', '0000', { grant: '/wswt/setting/trigger' }),
  g(`${s}/trigger.get`, 'node', '0404', { grant: '/wswt/setting/trigger/edit', query: { trigger_id: none } }),
  p(`${s}/trigger.add`, 'node', 'FFFF', { grant: 'trigger.add' }),
  p(`${s}/trigger.edit`, 'node', 'FFFF', { grant: 'trigger.edit' }),
  p(`${s}/trigger.delete`, 'node', 'FFFF', { grant: 'trigger.delete' }),
  p(`${s}/trigger.order.edit`, 'node', 'FFFF', { grant: 'trigger.edit' }),
  p(`${s}/trigger.category.add`, 'node', 'FFFF', { grant: 'trigger.edit' }),
  p(`${s}/trigger.category.edit`, 'node', 'FFFF', { grant: 'trigger.edit' }),
  p(`${s}/trigger.category.delete`, 'node', 'FFFF', { grant: 'trigger.edit' }),
  p(`${s}/trigger.dryrun`, 'node', 'FFFF', { grant: '/wswt/setting/trigger/edit' }),
  g(`${s}/automation.list`, 'node', '0000', { grant: '/wswt/setting/automation' }),
  g(`${s}/automation.get`, 'node', '0404', { grant: '/wswt/setting/automation/edit', query: { automation_id: none } }),
  p(`${s}/automation.add`, 'node', 'FFFF', { grant: 'automation.add' }),
  p(`${s}/automation.edit`, 'node', 'FFFF', { grant: 'automation.edit' }),
  p(`${s}/automation.delete`, 'node', 'FFFF', { grant: 'automation.delete' }),
  p(`${s}/automation.order.edit`, 'node', 'FFFF', { grant: 'automation.edit' }),
  p(`${s}/automation.dryrun`, 'node', 'FFFF', { grant: '/wswt/setting/automation/edit' }),
  g(`${s}/sla.policy.list`, 'node', '0000', { grant: '/wswt/setting/sla' }),
  p(`${s}/sla.policy.add`, 'node', 'FFFF', { grant: 'sla.policy.add' }),
  p(`${s}/sla.policy.edit`, 'node', 'FFFF', { grant: 'sla.policy.edit' }),
  p(`${s}/sla.policy.order.edit`, 'node', 'FFFF', { grant: 'sla.policy.edit' }),
  p(`${s}/sla.policy.delete`, 'node', 'FFFF', { grant: 'sla.policy.delete' }),
  g(`${a}/sla.ticket.get`, 'node', '0404', {
    grant: '/wswt/ticket/edit/:ticket_id',
    agentRole: true,
    query: { ticket_id: none },
  }),
  // Dashboard and reports: each behind its screen's menu node.
  g(`${a}/report.dashboard.get`, 'node', '0000', { grant: '/wswt/dashboard', agentRole: true }),
  g(`${a}/report.efficiency.get`, 'node', '0000', { grant: '/wswt/report/efficiency' }),
  g(`${a}/report.assignee.activity.get`, 'node', '0000', { grant: '/wswt/report/assignee_activity' }),
  g(`${a}/report.agent.updates.get`, 'node', '0000', { grant: '/wswt/report/agent_updates' }),
  g(`${a}/report.unsolved.get`, 'node', '0000', { grant: '/wswt/report/unsolved' }),
  g(`${a}/report.backlog.get`, 'node', '0000', { grant: '/wswt/report/backlog' }),
  g(`${a}/report.satisfaction.get`, 'node', '0000', { grant: '/wswt/report/satisfaction' }),
  g(`${a}/report.rule.usage.get`, 'node', '0000', { grant: '/wswt/report/rule_usage' }),
];

type Who = 'anonymous' | 'end user' | 'default agent' | 'granted agent' | 'admin';

function expected(row: Row, who: Who): string {
  const passes =
    row.level === 'public' ||
    (who !== 'anonymous' &&
      who !== 'end user' &&
      (row.level === 'session' ||
        who === 'admin' ||
        row.level === 'staff' ||
        who === 'granted agent' ||
        row.agentRole === true));
  if (passes) {
    return row.ok;
  }
  return who === 'anonymous' || who === 'end user' ? '0401' : '0403';
}

let t: TestApp;
let named = 0;
/** A role name of its own: role names are unique. */
const freshName = () => `role ${Date.now()} ${++named}`;
let tokens: Record<Exclude<Who, 'anonymous' | 'granted agent'>, string>;

async function signedInEndUser() {
  const user = await buildEndUser(t.database.db);
  return leftoverSession(t.database.db, user.accountId);
}
async function signedInDefaultAgent() {
  const agent = await buildAgent(t.database.db);
  await giveDefaultRole(t.database.db, agent.accountId);
  return signIn(t.app, agent.email, defaultPassword);
}
async function signedInGranted(grant: string | undefined) {
  const agent = await buildAgent(t.database.db);
  if (grant) {
    await buildRole(t.database.db, {
      nodes: [{ type: grant.startsWith('/') ? 'menu' : 'btn', value: grant }],
      accountIds: [agent.accountId],
    });
  }
  return signIn(t.app, agent.email, defaultPassword);
}

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    'end user': await signedInEndUser(),
    'default agent': await signedInDefaultAgent(),
    admin: await signInAdmin(t.app),
  };
});
afterAll(() => t.close());

describe('authorization table', () => {
  it('lists every /api/admin call the app registers, and nothing it does not', () => {
    const registered = t.app.parleyRoutes
      .filter((r) => r.url.startsWith('/api/admin'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const listed = accessTable.map((r) => r.call).sort();
    expect(
      registered.filter((c) => !listed.includes(c)),
      'calls missing from the table',
    ).toEqual([]);
    expect(
      listed.filter((c) => !registered.includes(c)),
      'rows for calls that do not exist',
    ).toEqual([]);
  });

  it('has a row for every operation of contracts, with the access the operation declares', () => {
    const levelOf = (access: TOpAccess): Level =>
      'public' in access ? 'public' : 'session' in access ? 'session' : 'staff' in access ? 'staff' : 'node';
    const problems: string[] = [];
    // The table covers /api/admin; the public pages' calls (/api/home) are everyone's.
    for (const op of allOps.filter((o) => o.path.startsWith('/api/admin/'))) {
      const name = `${op.method} ${op.path}`;
      const row = accessTable.find((r) => r.call === name);
      if (!row) {
        problems.push(`${name}: no row`);
        continue;
      }
      if (row.level !== levelOf(op.access)) {
        problems.push(`${name}: row says ${row.level}, the operation ${levelOf(op.access)}`);
      }
      const nodes = opNodes(op.access).map((n) => n.node_value);
      if (nodes.length > 0 ? row.grant === undefined || !nodes.includes(row.grant) : row.grant !== undefined) {
        problems.push(`${name}: the row grants ${row.grant}, the operation takes ${nodes.join(', ') || 'no node'}`);
      }
    }
    expect(allOps.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it.each(accessTable)('$call', async (row) => {
    const [method, url] = row.call.split(' ') as ['GET' | 'POST', string];
    const granted = await signedInGranted(row.grant);
    const callers: Array<[Who, string | undefined]> = row.endsSession
      ? [
          ['anonymous', undefined],
          ['end user', await signedInEndUser()],
          ['default agent', await signedInDefaultAgent()],
          ['granted agent', granted],
          ['admin', await signInAdmin(t.app)],
        ]
      : [
          ['anonymous', undefined],
          ['end user', tokens['end user']],
          ['default agent', tokens['default agent']],
          ['granted agent', granted],
          ['admin', tokens.admin],
        ];
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const [who, token] of callers) {
      // Raw: the table is written out by hand on purpose (its rows are checked against the operations above).
      const res = await call(t.app, method, url, {
        ...(token ? { token } : {}),
        ...(row.query ? { query: row.query } : {}),
        ...(method === 'POST' ? { body: {} } : {}),
      });
      got[who] = res.code;
      want[who] = expected(row, who);
    }
    expect(got).toEqual(want);
  });
});

/**
 * Escalation paths: nobody but an admin gives anyone (themselves, an account they made or
 * whose password they set) a permission or ticket reach they lack, through roles, packages,
 * groups or accounts. Each path is tried by an agent holding only the node of the call (and
 * what the path needs to be plausible), is refused with 0403, and leaves nothing changed; the
 * same call within the agent's own reach passes, so the refusal is the rule and not the node.
 */
describe('escalation table', () => {
  const db = () => t.database.db;
  /** An operation as `token` (this file's app is its own, not kit.ts's). */
  const api = <T extends TOp>(op: T, input: TOpInput<T>, token: string) => callOp(t.app, op, input, { token });
  const myNodes = async (token: string) => {
    const res = await api(authNodeOps.hasNodeList, { node_types: ['menu', 'btn'] }, token);
    return res.data.list.map((n) => n.node_value).sort();
  };
  const roleOf = async (roleId: number) => (await api(roleOps.get, { role_id: roleId }, tokens.admin)).data;
  const accountOf = async (accountId: number) =>
    (await api(accountOps.get, { account_id: accountId }, tokens.admin)).data;
  /** An agent holding exactly these nodes (one role), signed in; `ticketAccess` and groups optional. */
  async function agentHolding(values: string[], extra: { ticketAccess?: string; groupIds?: number[] } = {}) {
    const agent = await buildAgent(db(), extra.ticketAccess ? { ticketAccess: extra.ticketAccess } : {});
    const { roleId, pkgId } = await buildRole(db(), {
      nodes: values.map((v) => ({ type: v.startsWith('/') ? ('menu' as const) : ('btn' as const), value: v })),
      accountIds: [agent.accountId],
    });
    for (const groupId of extra.groupIds ?? []) {
      await db().insert(groupAccount).values({ groupId, accountId: agent.accountId });
    }
    return { agent, roleId, pkgId, token: await signIn(t.app, agent.email, defaultPassword) };
  }
  const powerful = ['auth.account.delete', 'auth.role.add', 'company.delete', '/wswt/setting/people'];

  it('role.edit: an agent cannot add itself to a role that grants more, only to one within its nodes', async () => {
    const me = await agentHolding(['auth.role.edit']);
    const strong = await buildRole(db(), { nodes: powerful.map((value) => nodeOf(value)) });
    const refused = await api(
      roleOps.edit,
      {
        role_id: strong.roleId,
        role_name: freshName(),
        account_ids: [me.agent.accountId],
      },
      me.token,
    );
    expect(refused.code).toBe('FFFF');
    expect(refused.msg).toBe('You cannot give permissions or ticket access that you do not hold yourself');
    expect((await roleOf(strong.roleId)).account_ids).toEqual([]);
    expect(await myNodes(me.token)).toEqual(['auth.role.edit']);
    const weak = await buildRole(db(), { nodes: [nodeOf('auth.role.edit')] });
    expect(
      (
        await api(
          roleOps.edit,
          {
            role_id: weak.roleId,
            role_name: freshName(),
            account_ids: [me.agent.accountId],
          },
          me.token,
        )
      ).code,
    ).toBe('0000');
  });

  it('role.edit: an agent cannot put a stronger package into its own role, nor give its role to another', async () => {
    const me = await agentHolding(['auth.role.edit']);
    const strong = await buildRole(db(), { nodes: powerful.map((value) => nodeOf(value)) });
    const res = await api(
      roleOps.edit,
      {
        role_id: me.roleId,
        role_name: freshName(),
        auth_pkg_ids: [me.pkgId, strong.pkgId],
      },
      me.token,
    );
    expect(res.code).toBe('FFFF');
    expect((await roleOf(me.roleId)).auth_pkg_ids).toEqual([me.pkgId]);
    const other = await buildAgent(db());
    const own = await api(
      roleOps.edit,
      {
        role_id: strong.roleId,
        role_name: freshName(),
        account_ids: [other.accountId],
      },
      me.token,
    );
    expect(own.code).toBe('FFFF');
  });

  it('role.add and role.state.edit: no new or re-activated role grants a member more than the caller holds', async () => {
    const me = await agentHolding(['auth.role.add', 'auth.role.state.edit']);
    const strong = await buildRole(db(), { nodes: powerful.map((value) => nodeOf(value)) });
    const added = await api(
      roleOps.add,
      {
        role_name: freshName(),
        auth_pkg_ids: [strong.pkgId],
        account_ids: [me.agent.accountId],
      },
      me.token,
    );
    expect(added.code).toBe('FFFF');
    const dormant = await buildRole(db(), {
      nodes: powerful.map((value) => nodeOf(value)),
      accountIds: [me.agent.accountId],
      roleState: 'inactive',
    });
    expect((await api(roleOps.stateEdit, { role_id: dormant.roleId, role_state: 'active' }, me.token)).code).toBe(
      'FFFF',
    );
    expect(await myNodes(me.token)).toEqual(['auth.role.add', 'auth.role.state.edit']);
  });

  it('pkg.edit: an agent cannot add nodes it lacks to the package of its own role', async () => {
    const me = await agentHolding(['auth.pkg.edit', 'company.add']);
    const everyNode = (await db().select({ id: authNode.nodeId }).from(authNode)).map((n) => n.id);
    const res = await api(authNodeOps.pkgEdit, { pkg_id: me.pkgId, pkg_title: 'mine', node_ids: everyNode }, me.token);
    expect(res.code).toBe('FFFF');
    expect(await myNodes(me.token)).toEqual(['auth.pkg.edit', 'company.add']);
    const held = await nodeIds(db(), ['auth.pkg.edit']);
    expect(
      (await api(authNodeOps.pkgEdit, { pkg_id: me.pkgId, pkg_title: 'mine', node_ids: held }, me.token)).code,
    ).toBe('0000');
  });

  it('role.edit, pkg.edit, role.state.edit: an agent cannot take permissions from an agent that can do more', async () => {
    const me = await agentHolding(['auth.role.edit', 'auth.pkg.edit', 'auth.role.state.edit']);
    const boss = await agentHolding([...powerful, 'auth.role.edit', 'auth.pkg.edit', 'auth.role.state.edit']);
    const msg = 'You cannot change, suspend or delete an account that can do more than you';
    // A role both hold, whose package holds one node I hold.
    const shared = await buildRole(db(), {
      nodes: [nodeOf('auth.role.edit')],
      accountIds: [me.agent.accountId, boss.agent.accountId],
    });
    const bossRole = await roleOf(boss.roleId);
    const attempts = [
      // Boss out of their own role (they would lose everything it gives).
      () => api(roleOps.edit, { role_id: boss.roleId, role_name: bossRole.role_name, account_ids: [] }, me.token),
      // Their package emptied.
      () => api(authNodeOps.pkgEdit, { pkg_id: boss.pkgId, pkg_title: 'emptied', node_ids: [] }, me.token),
      // Their role switched off.
      () => api(roleOps.stateEdit, { role_id: boss.roleId, role_state: 'inactive' }, me.token),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect([res.code, res.msg]).toEqual(['FFFF', msg]);
    }
    expect((await api(authOps.myInfoGet, {}, boss.token)).code).toBe('0000');
    expect(await myNodes(boss.token)).toEqual(
      [...new Set([...powerful, 'auth.role.edit', 'auth.pkg.edit', 'auth.role.state.edit'])].sort(),
    );
    // Boss losing nothing (the shared role's node is in their own role too): allowed.
    const dropped = await api(
      roleOps.edit,
      { role_id: shared.roleId, role_name: freshName(), account_ids: [me.agent.accountId] },
      me.token,
    );
    expect(dropped.code, dropped.msg).toBe('0000');
    // A peer (nothing I lack) loses a role I edit: allowed.
    const peer = await agentHolding(['auth.role.edit']);
    const peerRole = await roleOf(peer.roleId);
    expect(
      (await api(roleOps.edit, { role_id: peer.roleId, role_name: peerRole.role_name, account_ids: [] }, me.token))
        .code,
    ).toBe('0000');
  });

  it('account.add: an agent cannot make (and sign in as) an agent with more than it holds', async () => {
    const me = await agentHolding(['auth.account.add']);
    const email = `made-${Date.now()}@example.com`;
    // Without role_ids the new agent would get the default Agent role, which grants more.
    const res = await api(
      accountOps.add,
      {
        email,
        real_name: 'Made',
        user_type: 'agent',
        password: 'chosen-pw-1',
      },
      me.token,
    );
    expect(res.code).toBe('FFFF');
    const login = await callOp(t.app, authOps.login, { email, password: 'chosen-pw-1' });
    expect(login.code).toBe('FFFF');
    const ok = await api(
      accountOps.add,
      {
        email,
        real_name: 'Made',
        user_type: 'agent',
        password: 'chosen-pw-1',
        role_ids: [me.roleId],
      },
      me.token,
    );
    expect(ok.code).toBe('0000');
  });

  it('account.edit: an agent cannot reset the password of an agent that can do more, nor give another more', async () => {
    const me = await agentHolding(['auth.account.edit']);
    const boss = await agentHolding(['auth.account.edit', ...powerful]);
    const reset = await api(
      accountOps.edit,
      {
        account_id: boss.agent.accountId,
        password: 'taken-over-1',
      },
      me.token,
    );
    expect(reset.code).toBe('FFFF');
    expect(reset.msg).toBe('You cannot set the password of an account that can do more than you');
    expect((await callOp(t.app, authOps.login, { email: boss.agent.email, password: 'taken-over-1' })).code).toBe(
      'FFFF',
    );
    const peer = await agentHolding(['auth.account.edit']);
    expect(
      (await api(accountOps.edit, { account_id: peer.agent.accountId, password: 'reset-by-peer-1' }, me.token)).code,
    ).toBe('0000');
    const strong = await buildRole(db(), { nodes: powerful.map((value) => nodeOf(value)) });
    const promote = await api(
      accountOps.edit,
      {
        account_id: peer.agent.accountId,
        role_ids: [strong.roleId],
      },
      me.token,
    );
    expect(promote.code).toBe('FFFF');
    expect((await accountOf(peer.agent.accountId)).role_ids).toEqual([peer.roleId]);
  });

  it('account.edit, access_state.edit, delete: an agent cannot change, suspend or delete an agent that can do more', async () => {
    const people = ['auth.account.edit', 'auth.account.access_state.edit', 'auth.account.delete'];
    const group = await buildGroup(db());
    const me = await agentHolding(people, { ticketAccess: 'groups', groupIds: [group] });
    const boss = await agentHolding([...new Set([...people, ...powerful])]);
    const msg = 'You cannot change, suspend or delete an account that can do more than you';
    const attempts = [
      [accountOps.edit, { account_id: boss.agent.accountId, email: uniqueEmail('taken') }],
      [accountOps.edit, { account_id: boss.agent.accountId, ticket_access: 'own' }],
      [accountOps.edit, { account_id: boss.agent.accountId, role_ids: [me.roleId] }],
      [accountOps.edit, { account_id: boss.agent.accountId, real_name: 'Renamed' }],
      [accountOps.accessStateEdit, { account_id: boss.agent.accountId, access_state: 'suspended' }],
      [accountOps.delete, { account_id: boss.agent.accountId }],
    ] as const;
    for (const [op, input] of attempts) {
      const res = await callOp(t.app, op, input as TOpInput<typeof op>, { token: me.token });
      expect([res.code, res.msg], JSON.stringify(input)).toEqual(['FFFF', msg]);
    }
    const zh = await callOp(
      t.app,
      accountOps.delete,
      { account_id: boss.agent.accountId },
      { token: me.token, lang: 'zh-cn' },
    );
    expect(zh.msg).toBe('不能修改、停用或删除权限比您多的账号');
    const after = await accountOf(boss.agent.accountId);
    expect(after).toMatchObject({
      email: boss.agent.email,
      ticket_access: 'all',
      role_ids: [boss.roleId],
      real_name: boss.agent.realName,
      access_state: 'allowed',
    });
    expect((await api(authOps.myInfoGet, {}, boss.token)).code).toBe('0000');
    // More ticket reach alone (all tickets against my one group) is more, too.
    const wide = await agentHolding([], { ticketAccess: 'all' });
    expect((await api(accountOps.edit, { account_id: wide.agent.accountId, real_name: 'x' }, me.token)).code).toBe(
      'FFFF',
    );
    // A peer (nothing I lack) I change, suspend and delete; myself I edit within the self-edit rules.
    const peer = await agentHolding(['auth.account.edit'], { ticketAccess: 'groups', groupIds: [group] });
    const ok = [
      [accountOps.edit, { account_id: peer.agent.accountId, real_name: 'Peer', ticket_access: 'own' }],
      [accountOps.accessStateEdit, { account_id: peer.agent.accountId, access_state: 'suspended' }],
      [accountOps.accessStateEdit, { account_id: peer.agent.accountId, access_state: 'allowed' }],
      [accountOps.edit, { account_id: me.agent.accountId, real_name: 'Me' }],
      [accountOps.delete, { account_id: peer.agent.accountId }],
    ] as const;
    for (const [op, input] of ok) {
      const res = await callOp(t.app, op, input as TOpInput<typeof op>, { token: me.token });
      expect(res.code, `${JSON.stringify(input)}: ${res.msg}`).toBe('0000');
    }
    // An admin is unaffected.
    expect(
      (await api(accountOps.edit, { account_id: boss.agent.accountId, real_name: 'Boss' }, tokens.admin)).code,
    ).toBe('0000');
  });

  it('account.edit: an agent limited to its groups cannot widen another agent to all tickets or other groups', async () => {
    const mine = await buildGroup(db());
    const theirs = await buildGroup(db());
    const me = await agentHolding(['auth.account.edit'], { ticketAccess: 'groups', groupIds: [mine] });
    const peer = await agentHolding([], { ticketAccess: 'groups' });
    expect(
      (await api(accountOps.edit, { account_id: peer.agent.accountId, ticket_access: 'all' }, me.token)).code,
    ).toBe('FFFF');
    expect((await api(accountOps.edit, { account_id: peer.agent.accountId, group_ids: [theirs] }, me.token)).code).toBe(
      'FFFF',
    );
    expect((await accountOf(peer.agent.accountId)).group_ids).toEqual([]);
    expect((await api(accountOps.edit, { account_id: peer.agent.accountId, group_ids: [mine] }, me.token)).code).toBe(
      '0000',
    );
  });

  it('group.edit: an agent limited to its groups cannot add itself (or anyone) to a group it does not reach', async () => {
    const mine = await buildGroup(db());
    const other = await buildGroup(db());
    const me = await agentHolding(['auth.group.edit'], { ticketAccess: 'groups', groupIds: [mine] });
    const res = await api(
      groupOps.edit,
      {
        group_id: other,
        group_name: 'x',
        account_ids: [me.agent.accountId],
      },
      me.token,
    );
    expect(res.code).toBe('FFFF');
    expect((await accountOf(me.agent.accountId)).group_ids).toEqual([mine]);
    const peer = await agentHolding([], { ticketAccess: 'groups' });
    expect(
      (
        await api(
          groupOps.edit,
          {
            group_id: mine,
            group_name: 'x',
            account_ids: [me.agent.accountId, peer.agent.accountId],
          },
          me.token,
        )
      ).code,
    ).toBe('0000');
  });

  it('admins are excepted: an admin grants any role, package or group', async () => {
    const agent = await buildAgent(db());
    const strong = await buildRole(db(), { nodes: powerful.map((value) => nodeOf(value)) });
    expect(
      (
        await api(
          roleOps.edit,
          {
            role_id: strong.roleId,
            role_name: freshName(),
            account_ids: [agent.accountId],
          },
          tokens.admin,
        )
      ).code,
    ).toBe('0000');
    expect(
      (await api(accountOps.edit, { account_id: agent.accountId, password: 'admin-set-1' }, tokens.admin)).code,
    ).toBe('0000');
  });
});

const nodeOf = (value: string) => ({ type: value.startsWith('/') ? ('menu' as const) : ('btn' as const), value });
