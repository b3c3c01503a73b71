import {
  ZAccountAccessStateEditRequest,
  ZAccountAddRequest,
  ZAccountAddResponse,
  ZAccountDeleteRequest,
  ZAccountEditRequest,
  ZAccountGetRequest,
  ZAccountGetResponse,
  ZAccountInfoEditRequest,
  ZAccountListRequest,
  ZAccountListResponse,
  ZAccountSettingEditRequest,
  ZAccountTicketHistoryListRequest,
  ZAccountTicketHistoryListResponse,
  ZAccountVisitHistoryListRequest,
  ZAccountVisitHistoryListResponse,
  ZAgentAllListRequest,
  ZAgentAllListResponse,
  ZEmpty,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { assertIdsExist } from '../../db/exists.js';
import { access } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { defineGet, definePost } from '../../http/route.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import { viewerOf } from '../ticket/ticket.policy.js';
import { planList, runList } from '../ticket-search/ticket-list.service.js';
import { presentAccount } from './account.presenter.js';
import { listAccounts, listAgents, listVisits } from './account.repo.js';
import {
  accountAccessStateEdit,
  accountAdd,
  accountDelete,
  accountEdit,
  accountInfoEdit,
  accountSettingEdit,
} from './account.service.js';

/** People lists: the people screen, an organization's members, and the pickers of groups, roles and tickets. */
const listReaders = access.menu(
  '/wswt/setting/people',
  '/wswt/company/:company_id',
  '/wswt/setting/group/add',
  '/wswt/setting/group/edit',
  '/wswt/setting/role/add',
  '/wswt/setting/role/edit',
  '/wswt/ticket/add',
  '/wswt/ticket/edit/:ticket_id',
);
const getReaders = access.menu(
  '/wswt/setting/people',
  '/wswt/account/:account_id',
  '/wswt/ticket/edit/:ticket_id/account/:account_id',
);
/** Sign-in history (addresses, browsers) is for those who manage accounts, not every agent. */
const visitReaders = access.menu('/wswt/account/:account_id');
const ticketHistoryReaders = access.menu(
  '/wswt/account/:account_id',
  '/wswt/ticket/edit/:ticket_id/account/:account_id',
);

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['people'];
  const { db } = ctx;

  defineGet(app, '/api/admin/auth.account.list', {
    access: listReaders,
    summary: 'Accounts, newest first; kw matches part of the email or the name',
    tags,
    input: ZAccountListRequest,
    output: ZAccountListResponse,
    handler: async ({ input }) => {
      await assertIdsExist(db, { company_id: { kind: 'company', id: input.company_id } });
      const { rows, total } = await listAccounts(db, input);
      return { list: rows.map(presentAccount), total };
    },
  });

  defineGet(app, '/api/admin/auth.account.get', {
    access: getReaders,
    summary: 'One account',
    tags,
    input: ZAccountGetRequest,
    output: ZAccountGetResponse,
    handler: async ({ input }) => {
      const row = await findAccountWithLinks(db, input.account_id);
      if (!row) {
        throw notFound();
      }
      return presentAccount(row);
    },
  });

  definePost(app, '/api/admin/auth.account.add', {
    access: access.btn('auth.account.add'),
    summary: 'Add an account (admin, agent or end user)',
    tags,
    input: ZAccountAddRequest,
    output: ZAccountAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => accountAdd({ ...ctx, actor }, input),
  });

  definePost(app, '/api/admin/auth.account.edit', {
    access: access.btn('auth.account.edit'),
    summary: 'Edit an account; only admins edit admins, nobody raises their own user type',
    tags,
    input: ZAccountEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await accountEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  definePost(app, '/api/admin/auth.account.info.edit', {
    access: access.session,
    summary: "Edit the caller's own profile (name, alias, signature, avatar, language, time zone)",
    tags,
    input: ZAccountInfoEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await accountInfoEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  definePost(app, '/api/admin/auth.account.delete', {
    access: access.btn('auth.account.delete'),
    summary: 'Delete an account (an end user with tickets is suspended instead)',
    tags,
    input: ZAccountDeleteRequest,
    output: ZEmpty,
    handler: async ({ actor, input, setMessage }) => {
      const outcome = await accountDelete({ ...ctx, actor }, input.account_id);
      setMessage(outcome === 'deleted' ? 'deleted' : 'account_suspended_instead');
      return null;
    },
  });

  definePost(app, '/api/admin/auth.account.access_state.edit', {
    access: access.btn('auth.account.access_state.edit'),
    summary: 'Suspend (ends its sessions at once) or allow an account',
    tags,
    input: ZAccountAccessStateEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await accountAccessStateEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  definePost(app, '/api/admin/auth.account.setting.edit', {
    access: access.session,
    summary: "Merge keys into the caller's interface preferences (null removes a key)",
    tags,
    input: ZAccountSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await accountSettingEdit({ ...ctx, actor }, input.setting_data);
      return null;
    },
  });

  defineGet(app, '/api/admin/auth.account.visit.history.list', {
    access: visitReaders,
    summary: "An account's sign-ins, newest first",
    tags,
    input: ZAccountVisitHistoryListRequest,
    output: ZAccountVisitHistoryListResponse,
    handler: async ({ input }) => {
      if (!(await findAccountWithLinks(db, input.account_id))) {
        throw notFound();
      }
      const { rows, total } = await listVisits(db, input.account_id, input.offset, input.limit);
      return {
        list: rows.map((v) => ({ visit_id: v.visitId, ip: v.ip, user_agent: v.userAgent, create_ts: v.createTs })),
        total,
      };
    },
  });

  defineGet(app, '/api/admin/auth.account.ticket.history.list', {
    access: ticketHistoryReaders,
    summary: 'Tickets the account requested, newest first',
    tags,
    input: ZAccountTicketHistoryListRequest,
    output: ZAccountTicketHistoryListResponse,
    handler: async ({ actor, input }) => {
      if (!(await findAccountWithLinks(db, input.account_id))) {
        throw notFound();
      }
      // Only the tickets the caller may see (ticket_access).
      const page = await runList(
        db,
        planList(viewerOf(actor), { requester_id: input.account_id, offset: input.offset, limit: input.limit }, null),
      );
      return { list: page.list, total: page.total };
    },
  });

  definePost(app, '/api/admin/auth.agent.all.list', {
    access: access.staff,
    summary: 'Agents that may sign in (and admins with need_admin), for pickers',
    tags,
    input: ZAgentAllListRequest,
    output: ZAgentAllListResponse,
    handler: async ({ input }) => {
      const rows = await listAgents(db, input.need_admin);
      return {
        list: rows.map((r) => ({
          account_id: r.accountId,
          email: r.email,
          real_name: r.realName,
          alias_name: r.aliasName,
          avatar: r.avatar,
          user_type: r.userType as 'admin' | 'agent',
          chat_state: r.chatState as 'online' | 'away' | 'invisible' | 'offline',
          group_ids: r.groupIds,
        })),
      };
    },
  });
}
