import { randomBytes } from 'node:crypto';
import type { TAttachment, TMessageKey } from '@parley/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { ticketAttachment, ticketComment } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { imageContentType, sniffImage } from '../file/image.js';
import { limitsOf, type PublicKind } from '../limit/limits.js';
import { maySeeTicket, viewerOf } from '../ticket/ticket.policy.js';
import { findTicket } from '../ticket/ticket.repo.js';

/** Attachment bytes live in the file store (local disk now, S3 later) under this folder. */
const keyOf = (fileId: string) => `attachments/${fileId}.bin`;

/** Images a browser may show inline; anything else is downloaded, never rendered by us. */
const inlineImages: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A file name as text: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

const cleanContentType = (type: string | undefined) =>
  type && /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(type) ? type.toLowerCase() : 'application/octet-stream';

/**
 * The type kept (and shown to agents) for an upload: an image's own, read from its bytes; a file
 * that only claims to be an image (a text file named `fake.png`) is application/octet-stream.
 */
export function storedContentType(data: Buffer, declared: string | undefined): string {
  const image = sniffImage(data);
  if (image) {
    return imageContentType[image.type];
  }
  const type = cleanContentType(declared);
  return type.startsWith('image/') ? 'application/octet-stream' : type;
}

/** The job that removes an anonymous upload no ticket took within a day. */
export const expireUploadQueue = 'attachment-expire';
export const uploadLifetimeSeconds = 24 * 60 * 60;

/**
 * Registers the expiry job: a day after an anonymous upload (public form), it is removed, row
 * and bytes, unless a comment took it. Staff uploads stay: an unsent draft may still hold them.
 */
export function registerUploadExpiry(ctx: AppContext): void {
  ctx.jobs.define<{ file_id: string }>(expireUploadQueue, {
    attempts: 5,
    handler: async ({ file_id: fileId }) => {
      const gone = await ctx.db
        .delete(ticketAttachment)
        .where(
          and(
            eq(ticketAttachment.fileId, fileId),
            isNull(ticketAttachment.commentId),
            isNull(ticketAttachment.uploaderId),
          ),
        )
        .returning({ fileId: ticketAttachment.fileId });
      if (gone.length) {
        await ctx.files.delete(keyOf(fileId));
      }
    },
  });
}

/** Stores an upload under a random id; a comment takes it later through `file_ids`. */
export async function storeAttachment(
  { db, files, jobs }: AppContext,
  upload: { data: Buffer; fileName: string | undefined; contentType: string | undefined },
  uploaderId: number | null,
): Promise<TAttachment> {
  const fileId = randomBytes(16).toString('base64url');
  const fileName = cleanFileName(upload.fileName);
  const contentType = storedContentType(upload.data, upload.contentType);
  await files.put(keyOf(fileId), upload.data);
  await db.insert(ticketAttachment).values({
    fileId,
    fileName,
    contentType,
    size: upload.data.length,
    uploaderId,
    createTs: Date.now(),
  });
  if (uploaderId === null) {
    await jobs.send(expireUploadQueue, { file_id: fileId }, { key: fileId, startAfterSeconds: uploadLifetimeSeconds });
  }
  return { file_id: fileId, file_name: fileName, size: upload.data.length, content_type: contentType };
}

export interface Download {
  data: Buffer;
  fileName: string;
  /** What the response declares: a safe image type, else `application/octet-stream`. */
  contentType: string;
  inline: boolean;
}

/**
 * An attachment for an agent who may see its ticket (or who uploaded it and has not sent it
 * yet); anyone else gets 0404. Only png, jpeg, gif and webp, recognised by their bytes, are shown
 * inline; every other file is served as a download.
 */
export async function readAttachment({ db, files }: AppContext, actor: Actor, fileId: string): Promise<Download> {
  const rows = await db.select().from(ticketAttachment).where(eq(ticketAttachment.fileId, fileId)).limit(1);
  const row = rows[0];
  if (!row) {
    throw notFound();
  }
  if (row.ticketId === null) {
    if (row.uploaderId !== actor.account.accountId) {
      throw notFound();
    }
  } else {
    const t = await findTicket(db, row.ticketId);
    if (!t || !maySeeTicket(viewerOf(actor), t)) {
      throw notFound();
    }
  }
  return download(files, fileId, row.fileName);
}

/**
 * An attachment of a public message of the visitor's own chat (`ticketId`), as the agent's
 * download: anything else, an internal note's file included, is 0404.
 */
export async function readVisitorAttachment(
  { db, files }: AppContext,
  ticketId: number,
  fileId: string,
): Promise<Download> {
  const rows = await db
    .select({ fileName: ticketAttachment.fileName })
    .from(ticketAttachment)
    .innerJoin(ticketComment, eq(ticketComment.commentId, ticketAttachment.commentId))
    .where(
      and(
        eq(ticketAttachment.fileId, fileId),
        eq(ticketAttachment.ticketId, ticketId),
        eq(ticketComment.ticketId, ticketId),
        eq(ticketComment.isPublic, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) {
    throw notFound();
  }
  return download(files, fileId, row.fileName);
}

async function download(files: AppContext['files'], fileId: string, fileName: string): Promise<Download> {
  const data = await files.get(keyOf(fileId));
  if (!data) {
    throw notFound();
  }
  const image = sniffImage(data);
  const inlineType = image ? inlineImages[image.type] : undefined;
  return {
    data,
    fileName,
    contentType: inlineType ?? 'application/octet-stream',
    inline: inlineType !== undefined,
  };
}

/**
 * A download as every attachment goes out: never sniffed, inline only for the safe image types,
 * and sandboxed if opened (an HTML file cannot run as the help desk's page).
 */
export function sendDownload(reply: FastifyReply, file: Download, cacheControl: string) {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.fileName))
    .header('cache-control', cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .type(file.contentType)
    .send(file.data);
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Public intake per address, for callers that hold only the database handle (live chat): one
 * atomic hit of the app's limits (`limit/limits.ts`). `now` is kept for their signature.
 */
export async function assertUnderLimit(
  db: DbOrTx,
  kind: PublicKind,
  ip: string,
  _now: number,
  message: TMessageKey,
): Promise<void> {
  await limitsOf(db).publicHit(kind, ip, message);
}

/** The hit is taken by `assertUnderLimit` itself, atomically; nothing is left to record. */
export async function recordHit(_db: DbOrTx, _kind: PublicKind, _ip: string, _now: number): Promise<void> {}
