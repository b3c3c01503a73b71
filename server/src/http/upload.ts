import { ErrorCode } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import { maxUploadBytes } from '../modules/file/file.service.js';
import { AppError, invalid } from './app-error.js';

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
