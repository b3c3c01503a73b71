import {
  ZEmailCheckRequest,
  ZEmailCheckResponse,
  ZEmailTemplate,
  ZEmailTemplateListResponse,
  ZEmpty,
  ZFailedJobListResponse,
  ZInboxLogResponse,
  ZInboxRawRequest,
  ZInboxRetryResponse,
  ZJobRetryRequest,
  ZMailAttachmentLinkRequest,
  ZSupportAddressAddRequest,
  ZSupportAddressAddResponse,
  ZSupportAddressDeleteRequest,
  ZSupportAddressEditRequest,
  ZSupportAddressListResponse,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/rows.js';
import { access } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { defineGet, definePost } from '../../http/route.js';
import { readEmailSettings } from '../setting/setting.service.js';
import { contentDisposition } from '../ticket-attachment/ticket-attachment.service.js';
import { supportAddressAdd, supportAddressDelete, supportAddressEdit, supportAddressList } from './mail.address.js';
import { checkImap, checkSmtp } from './mail.check.js';
import { addressOf, type Endpoint, mailConfigOf } from './mail.config.js';
import { linkedAttachment, rawMailOf, retryRawMail } from './mail.raw.js';
import type { MailChannel } from './mail.service.js';
import { listTemplates, placeholders, saveTemplate } from './mail.templates.js';

const where = (e: Endpoint) => `${e.host}:${e.port}${e.secure ? ' (TLS)' : ''}`;

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
  const read = access.menu('/wswt/setting/email');
  const write = access.btn('email.edit');

  definePost(app, `${base}/email.test_send`, {
    access: write,
    summary: 'Send a test mail with these settings (not saved); says what failed: connection, TLS, login or send',
    tags,
    input: ZEmailCheckRequest,
    output: ZEmailCheckResponse,
    handler: async ({ input }) => {
      const config = await configFromForm(ctx, input);
      const to = input.to || (config.user.includes('@') ? config.user : addressOf(config.from));
      return { ...(await checkSmtp(config, to)), endpoint: where(config.smtp) };
    },
  });

  definePost(app, `${base}/email.test_mailbox`, {
    access: write,
    summary:
      'Sign in to the IMAP mailbox with these settings (not saved); says what failed: connection, TLS, login or mailbox',
    tags,
    input: ZEmailCheckRequest,
    output: ZEmailCheckResponse,
    handler: async ({ input }) => {
      const config = await configFromForm(ctx, input);
      return { ...(await checkImap(config)), endpoint: where(config.imap) };
    },
  });

  defineGet(app, `${base}/email.failed_jobs`, {
    access: read,
    summary: 'Background jobs (mail out, mail fetch) that failed every try, with their last error',
    tags,
    output: ZFailedJobListResponse,
    handler: async () => ({ list: await ctx.jobs.listFailed() }),
  });

  definePost(app, `${base}/email.job_retry`, {
    access: write,
    summary: 'Queue a failed job again',
    tags,
    input: ZJobRetryRequest,
    output: ZEmpty,
    handler: async ({ input }) => {
      if (!(await ctx.jobs.retry(input.id))) {
        throw notFound();
      }
      return null;
    },
  });

  defineGet(app, `${base}/email.inbox_log`, {
    access: read,
    summary: 'Incoming mails that made no ticket: unparseable (kept raw), bounces, auto-replies, banned senders',
    tags,
    output: ZInboxLogResponse,
    handler: async () => {
      const rows = await queryRows<Record<string, unknown>>(
        ctx.db,
        sql`SELECT log_id, outcome, reason, from_address, subject, raw_file, raw_size, create_ts
            FROM mail_inbox_log ORDER BY create_ts DESC, log_id DESC LIMIT 200`,
      );
      return {
        list: rows.map((r) => ({
          log_id: Number(r.log_id),
          outcome: String(r.outcome),
          reason: String(r.reason),
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

  definePost(app, `${base}/email.inbox_log.retry`, {
    access: write,
    summary: 'Read a kept raw mail again (after a fix or a settings change): a ticket or comment when it now can be',
    tags,
    input: ZInboxRawRequest,
    output: ZInboxRetryResponse,
    handler: async ({ input }) => retryRawMail(ctx, channel, input.log_id),
  });

  defineGet(app, `${base}/email.address.all.list`, {
    access: read,
    summary: 'Support addresses: each an alias of the main mailbox or with its own, and the group its tickets go to',
    tags,
    output: ZSupportAddressListResponse,
    handler: async () => supportAddressList(ctx.db),
  });

  definePost(app, `${base}/email.address.add`, {
    access: write,
    summary: 'Add a support address',
    tags,
    input: ZSupportAddressAddRequest,
    output: ZSupportAddressAddResponse,
    message: 'saved',
    handler: async ({ input }) => supportAddressAdd(ctx.db, input),
  });

  definePost(app, `${base}/email.address.edit`, {
    access: write,
    summary: 'Change a support address (an empty password keeps the stored one)',
    tags,
    input: ZSupportAddressEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await supportAddressEdit(ctx.db, input);
      return null;
    },
  });

  definePost(app, `${base}/email.address.delete`, {
    access: write,
    summary: 'Remove support addresses (their tickets stay; their answers then go out from the main address)',
    tags,
    input: ZSupportAddressDeleteRequest,
    output: ZEmpty,
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

  defineGet(app, `${base}/email.template.list`, {
    access: read,
    summary: 'Notification templates, en and zh-cn, with the placeholders they may use',
    tags,
    output: ZEmailTemplateListResponse,
    handler: async () => ({
      list: await listTemplates(ctx.db),
      placeholders: [...placeholders, 'satisfaction_html'].map((p) => `{{${p}}}`),
    }),
  });

  definePost(app, `${base}/email.template.edit`, {
    access: write,
    summary: 'Save one template; an empty subject or body goes back to the default',
    tags,
    input: ZEmailTemplate,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await saveTemplate(ctx.db, input.name, input.lang, { subject: input.subject, body: input.body });
      return null;
    },
  });
}
