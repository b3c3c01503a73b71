import { ZUploadResponse } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Access, access } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { registerUploads, type UploadCall } from '../../http/upload.js';
import { contentTypeOfName, type FileKind, isFileKind, keyOfName, storeUpload } from './file.service.js';

/**
 * Upload calls (multipart, one `file` field) and the public file reads. Images are checked by
 * their content; what is stored is served back with its real content type and `nosniff`.
 */
export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const avatarLike = (url: string, kind: FileKind, who: Access, summary: string): UploadCall => ({
    url,
    access: who,
    summary,
    tags: ['files'],
    output: ZUploadResponse,
    handle: async (_request, read) => storeUpload(ctx.files, kind, (await read()).data),
  });
  await registerUploads(app, [
    // Anyone signed in sets their own avatar; editing someone else's account needs its node anyway.
    avatarLike(
      '/api/admin/upload.avatar',
      'avatar',
      access.session,
      'Upload an avatar image (png, jpg, webp or gif, smaller than 100 x 100)',
    ),
    avatarLike(
      '/api/admin/settings/upload.favicon',
      'favicon',
      access.btn('appearance.branding.edit'),
      'Upload a favicon (png or ico, at most 256 x 256)',
    ),
    avatarLike(
      '/api/admin/settings/upload.ad_image',
      'ad_image',
      access.btn('email.edit'),
      'Upload the email bottom ad image (png, jpg or webp, 1000px wide)',
    ),
  ]);

  app.route({
    method: 'GET',
    url: '/api/home/file/:kind/:name',
    config: { access: access.public },
    schema: {
      summary: 'An uploaded avatar, favicon or ad image',
      tags: ['files'],
      params: z.object({ kind: z.string().max(20), name: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const { kind, name } = request.params as { kind: string; name: string };
      const key = isFileKind(kind) ? keyOfName(kind, name) : null;
      const data = key ? await ctx.files.get(key) : null;
      if (!data) {
        throw notFound();
      }
      // Names are random and never reused, so a file may be cached for good.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(contentTypeOfName(name))
        .send(data);
    },
  });
}
