import { ZTicketAttachmentGetRequest, ZTicketUploadResponse } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { type Access, access } from '../../http/access.js';
import { invalid } from '../../http/app-error.js';
import { registerUploads, type UploadCall } from '../../http/upload.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { readAttachment, registerUploadExpiry, sendDownload, storeAttachment } from './ticket-attachment.service.js';

/** Ticket attachments: uploads from the public form and the agents' composer, and their download. */
export async function ticketAttachmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerUploadExpiry(ctx);
  const attachmentUpload = (url: string, who: Access, summary: string, isPublic: boolean): UploadCall => ({
    url,
    access: who,
    summary,
    tags: ['tickets'],
    output: ZTicketUploadResponse,
    handle: async (request, read) => {
      // While `can_attach` is off no comment may take a file (pasted images included): refuse
      // it before reading it rather than keep it for nothing.
      if (!(await getTicketSettings(ctx.db)).can_attach) {
        throw invalid('attachments_disabled', 'file');
      }
      if (isPublic) {
        await ctx.limits.publicHit('upload', request.ip, 'rate_limited');
      }
      const data = await storeAttachment(ctx, await read(), request.actor?.account.accountId ?? null);
      return data;
    },
  });
  await registerUploads(app, [
    attachmentUpload(
      '/api/home/upload',
      access.public,
      'Upload an attachment for the public ticket form (one `file`, at most 20 MB; rate-limited per IP)',
      true,
    ),
    attachmentUpload(
      '/api/admin/ticket.upload',
      access.menu('/wswt/ticket/edit/:ticket_id', '/wswt/ticket/add'),
      "Upload an attachment or a pasted image for an agent's comment (one `file`, at most 20 MB)",
      false,
    ),
  ]);

  app.route({
    method: 'GET',
    url: '/api/admin/ticket.attachment.get',
    config: { access: access.menu('/wswt/ticket/edit/:ticket_id') },
    schema: {
      summary: 'Download an attachment of a ticket the caller may see (images of safe types inline)',
      tags: ['tickets'],
      querystring: ZTicketAttachmentGetRequest,
    },
    handler: async (request, reply) => {
      const { file_id } = request.query as { file_id: string };
      const file = await readAttachment(ctx, request.actor as NonNullable<typeof request.actor>, file_id);
      return sendDownload(reply, file, 'private, max-age=3600');
    },
  });
}
