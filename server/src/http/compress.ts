import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers above `threshold` bytes are compressed for a client that accepts it: brotli at
 * quality 4, else gzip at level 6. `npm run bench:web` prints what each answer costs and saves
 * (its "API answers" table; figures in docs/decisions/0006-front-end-delivery.md): a large list
 * or a ticket's comments shrink several times for about a millisecond of CPU, far less than the
 * bytes saved take on a real network; brotli 11 saves little more for many times the CPU. Below a
 * few KB an answer fits the first round trip anyway and compressing it only costs CPU.
 * Static files are not handled here: they are compressed once at build (web/build/plugins.ts).
 */
export const apiCompressionThreshold = 8 * 1024;

const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

function pick(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) {
    return null;
  }
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(';')[0]?.trim());
  if (accepted.includes('br')) {
    return 'br';
  }
  if (accepted.includes('gzip')) {
    return 'gzip';
  }
  return null;
}

export function registerApiCompression(app: FastifyInstance, threshold = apiCompressionThreshold): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
      return payload;
    }
    if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) {
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) {
      return payload;
    }
    return compressFor(request, reply, payload, threshold);
  });
}

/**
 * `payload` compressed for this request when it is at least `threshold` bytes and the client takes
 * brotli or gzip (the encoding and length headers set), else as it is. Says `Vary: Accept-Encoding`.
 */
export async function compressFor(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string | Buffer,
  threshold = apiCompressionThreshold,
): Promise<string | Buffer> {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  const encoding = size >= threshold ? pick(request.headers['accept-encoding']) : null;
  reply.header('vary', 'Accept-Encoding');
  if (!encoding) {
    return payload;
  }
  const compressed = await new Promise<Buffer>((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (encoding === 'br') {
      zlib.brotliCompress(payload, brotliOptions, done);
    } else {
      zlib.gzip(payload, { level: 6 }, done);
    }
  });
  reply.header('content-encoding', encoding);
  reply.header('content-length', compressed.length);
  return compressed;
}
