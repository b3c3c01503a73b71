import { mailOps, type ZEmailCheckRequest, ZInboxRawRequest, ZMailAttachmentLinkRequest } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/rows.js';
import { access } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { accessOf, define } from '../../http/route.js';
import { readEmailSettings } from '../setting/setting.service.js';
import { contentDisposition } from '../ticket-attachment/ticket-attachment.service.js';
import { supportAddressAdd, supportAddressDelete, supportAddressEdit, supportAddressList } from './mail.address.js';
import { clearBounces, listBounces } from './mail.bounce.js';
import { checkImap, checkSmtp } from './mail.check.js';
import { addressOf, endpointText, mailConfigOf } from './mail.config.js';
import { linkedAttachment, rawMailOf, retryRawMail } from './mail.raw.js';
import { reasonCodeOf } from './mail.reason.js';
import type { MailChannel } from './mail.service.js';
import { listTemplates, saveTemplate, templatePlaceholders } from './mail.templates.js';

async function configFromForm(ctx: AppContext, input: z.output<typeof ZEmailCheckRequest>) {
  const stored = await readEmailSettings(ctx.db);
  const config = mailConfigOf({ ...stored, ...input, password: input.password || stored.password });
  if (!config) {
    throw notFound();
  }
  return config;
}

export function mailRoutes(app: FastifyInstance, ctx: AppContext, channel: MailChannel): void {
  const tags = ['email'];
  const base = '/api/admin/settings';
  // The raw-mail download is a file, not an operation: the readers of the inbox log.
  const read = accessOf(mailOps.inboxLog.access);

  define(app, mailOps.testSend, {
    handler: async ({ input }) => {
      const config = await configFromForm(ctx, input);
      const to = input.to || (config.user.includes('@') ? config.user : addressOf(config.from));
      return { ...(await checkSmtp(config, to)), endpoint: endpointText(config.smtp) };
    },
  });

  define(app, mailOps.testMailbox, {
    handler: async ({ input }) => {
      const config = await configFromForm(ctx, input);
      return { ...(await checkImap(config)), endpoint: endpointText(config.imap) };
    },
  });

  define(app, mailOps.failedJobs, {
    handler: async () => ({ list: await ctx.jobs.listFailed(), retrying: await ctx.jobs.retrying() }),
  });

  define(app, mailOps.jobRetry, {
    handler: async ({ input }) => {
      if (!(await ctx.jobs.retry(input.id))) {
        throw notFound();
      }
      return null;
    },
  });

  define(app, mailOps.inboxLog, {
    handler: async () => {
      const rows = await queryRows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT log_id, outcome, reason, reason_code, reason_detail, from_address, subject, raw_file, raw_size, create_ts
            FROM mail_inbox_log ORDER BY create_ts DESC, log_id DESC LIMIT 200`,
      );
      return {
        list: rows.map((r) => ({
          log_id: Number(r.log_id),
          outcome: String(r.outcome),
          reason: String(r.reason),
          reason_code: reasonCodeOf(r.reason_code),
          reason_detail: String(r.reason_detail),
          from_address: String(r.from_address),
          subject: String(r.subject),
          has_raw: r.raw_file !== null,
          raw_size: Number(r.raw_size),
          create_ts: Number(r.create_ts),
        })),
      };
    },
  });

  app.route({
    method: 'GET',
    url: `${base}/email.inbox_log.raw`,
    config: { access: read },
    schema: {
      summary: 'Download a mail that made no ticket as it arrived (an .eml file)',
      tags,
      querystring: ZInboxRawRequest,
    },
    handler: async (request, reply) => {
      const { log_id } = request.query as { log_id: number };
      const raw = await rawMailOf(ctx, log_id);
      return reply
        .header('content-disposition', contentDisposition('attachment', `mail-${log_id}.eml`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .type('message/rfc822')
        .send(raw);
    },
  });

  define(app, mailOps.inboxRetry, {
    handler: async ({ input }) => retryRawMail(ctx, channel, input.log_id),
  });

  define(app, mailOps.bounceList, {
    handler: async () => ({ list: await listBounces(ctx.db) }),
  });

  define(app, mailOps.bounceClear, {
    handler: async ({ input }) => {
      await clearBounces(ctx.db, input.addresses);
      return null;
    },
  });

  define(app, mailOps.addressAllList, {
    handler: async () => supportAddressList(ctx.db),
  });

  define(app, mailOps.addressAdd, {
    handler: async ({ input }) => supportAddressAdd(ctx.db, input),
  });

  define(app, mailOps.addressEdit, {
    handler: async ({ input }) => {
      await supportAddressEdit(ctx.db, input);
      return null;
    },
  });

  define(app, mailOps.addressDelete, {
    handler: async ({ input }) => {
      await supportAddressDelete(ctx.db, input.address_ids);
      return null;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/home/mail.attachment.get',
    config: { access: access.public },
    schema: {
      summary: 'A file of a mailed reply too large to travel with the mail (the link in that mail)',
      tags,
      querystring: ZMailAttachmentLinkRequest,
    },
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const file = await linkedAttachment(ctx, token);
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type('application/octet-stream')
        .send(file.data);
    },
  });

  define(app, mailOps.templateList, {
    handler: async () => ({
      list: await listTemplates(ctx.db),
      placeholders: templatePlaceholders.map((p) => `{{${p}}}`),
    }),
  });

  define(app, mailOps.templateEdit, {
    handler: async ({ input }) => {
      await saveTemplate(ctx.db, input.name, input.lang, { subject: input.subject, body: input.body });
      return null;
    },
  });
}
