import { accountOps, type TManagedAccount } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { assertIdsExist } from '../../db/exists.js';
import { notFound } from '../../http/app-error.js';
import { define } from '../../http/route.js';
import type { Actor } from '../auth/actor.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import type { MailConfigOf } from '../password-link/password-link.service.js';
import { manageableAccounts } from '../privilege/privilege.js';
import { viewerOf } from '../ticket/ticket.policy.js';
import { planList, runList } from '../ticket-search/ticket-list.service.js';
import { type AccountWithLinks, presentAccount } from './account.presenter.js';
import { listAccounts, listAgents, listVisits } from './account.repo.js';
import {
  accountAccessStateEdit,
  accountAdd,
  accountDelete,
  accountEdit,
  accountInfoEdit,
  accountSettingEdit,
} from './account.service.js';

export function accountRoutes(app: FastifyInstance, ctx: AppContext, mailConfig: MailConfigOf): void {
  const { db } = ctx;

  /** The accounts as People shows them: each says whether the caller may change it. */
  const managed = async (actor: Actor, rows: AccountWithLinks[]) => {
    const mine = await manageableAccounts(
      db,
      actor.account,
      rows.map((r) => r.accountId),
    );
    return rows.map((r) => Object.assign(presentAccount(r), { manageable: mine.has(r.accountId) }));
  };

  define(app, accountOps.list, {
    handler: async ({ actor, input }) => {
      await assertIdsExist(db, { company_id: { kind: 'company', id: input.company_id } });
      const { rows, total } = await listAccounts(db, input);
      return { list: await managed(actor, rows), total };
    },
  });

  define(app, accountOps.get, {
    handler: async ({ actor, input }) => {
      const row = await findAccountWithLinks(db, input.account_id);
      if (!row) {
        throw notFound();
      }
      return (await managed(actor, [row]))[0] as TManagedAccount;
    },
  });

  define(app, accountOps.add, {
    handler: ({ actor, input }) => accountAdd({ ...ctx, actor }, input, mailConfig),
  });

  define(app, accountOps.edit, {
    handler: async ({ actor, input }) => {
      await accountEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  define(app, accountOps.infoEdit, {
    handler: async ({ actor, input }) => {
      await accountInfoEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  define(app, accountOps.delete, {
    handler: async ({ actor, input, setMessage }) => {
      const outcome = await accountDelete({ ...ctx, actor }, input.account_id);
      setMessage(outcome === 'deleted' ? 'deleted' : 'account_suspended_instead');
      return null;
    },
  });

  define(app, accountOps.accessStateEdit, {
    handler: async ({ actor, input }) => {
      await accountAccessStateEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  define(app, accountOps.settingEdit, {
    handler: async ({ actor, input }) => {
      await accountSettingEdit({ ...ctx, actor }, input.setting_data);
      return null;
    },
  });

  define(app, accountOps.visitHistoryList, {
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

  define(app, accountOps.ticketHistoryList, {
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

  define(app, accountOps.agentAllList, {
    handler: async ({ input }) => {
      const rows = await listAgents(db, input.need_admin, input.need_suspended);
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
          tool_access: r.toolAccess,
          access_state: r.accessState as 'allowed' | 'suspended',
        })),
      };
    },
  });
}
