import { z } from 'zod';
import { ZFileId } from './shared.js';

/** What `home/upload` and `ticket.upload` answer; pass `file_id` in `file_ids` to attach it. */
export const ZAttachment = z.object({
  file_id: z.string().describe('The file'),
  file_name: z.string().describe('Its name'),
  size: z.number().int().describe('Its size in bytes'),
  content_type: z.string().describe('Its media type'),
});
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZTicketUploadResponse = ZAttachment;
export type TTicketUploadResponse = TAttachment;

export const ZTicketAttachmentGetRequest = z.object({ file_id: ZFileId.describe('The attachment') });
export type TTicketAttachmentGetRequest = z.input<typeof ZTicketAttachmentGetRequest>;
/** Path of an attachment for agents (also the `src` of images pasted into a comment). */
export const ticketAttachmentPath = (fileId: string) => `/api/admin/ticket.attachment.get?file_id=${fileId}`;
