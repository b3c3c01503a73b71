import multipart from '@fastify/multipart';
import { ErrorCode, maxUploadBytes, translate } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access } from './access.js';
import { AppError, invalid } from './app-error.js';
import { envelopeOf } from './route.js';

export interface UploadedPart {
  data: Buffer;
  fileName: string;
  /** The type the client declared; callers that care check the content itself. */
  contentType: string;
}

/** Reads the one `file` part of a multipart request into memory, at most 20 MB (413 beyond). */
export async function readFilePart(request: FastifyRequest): Promise<UploadedPart> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxUploadBytes, files: 1 } });
  } catch {
    throw invalid('file_required', 'file');
  }
  if (part?.fieldname !== 'file') {
    throw invalid('file_required', 'file');
  }
  try {
    return { data: await part.toBuffer(), fileName: part.filename, contentType: part.mimetype };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.invalid, 'file_too_large', { file: 'file_too_large' }, 413);
    }
    throw invalid('file_required', 'file');
  }
}

/** An upload call: its address, who may call it, and what it does with the file. */
export interface UploadCall {
  url: string;
  access: Access;
  summary: string;
  tags: string[];
  output: z.ZodType;
  /** `read` reads the `file` part; a call may refuse before reading it (a rate limit). */
  handle: (request: FastifyRequest, read: () => Promise<UploadedPart>) => Promise<unknown>;
}

/**
 * Registers upload calls in their own scope, the only one that parses multipart bodies (one
 * `file` part, at most 20 MB); each answers the contract's envelope.
 */
export async function registerUploads(app: FastifyInstance, calls: UploadCall[]): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 5, parts: 6 } });
    for (const call of calls) {
      scope.route({
        method: 'POST',
        url: call.url,
        config: { access: call.access },
        schema: {
          summary: call.summary,
          tags: call.tags,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(call.output) },
        },
        handler: async (request) => {
          const data = await call.handle(request, () => readFilePart(request));
          return { code: ErrorCode.ok, msg: translate('ok', request.lang), data };
        },
      });
    }
  });
}
