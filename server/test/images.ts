import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Test images written byte by byte: real headers, so the server's sniffing sees what a browser would send. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid grey PNG of the given size. */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-colour GIF89a of the given size. */
export function gif(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  header[10] = 0x80; // global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([header, palette, descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}

/** The start of a baseline JPEG: SOI, an APP0 segment, then the frame header with the size. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** An extended-format WebP header (VP8X) of the given size. */
export function webp(width: number, height: number): Buffer {
  const buf = Buffer.alloc(30);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(22, 4);
  buf.write('WEBP', 8, 'latin1');
  buf.write('VP8X', 12, 'latin1');
  buf.writeUInt32LE(10, 16);
  buf.writeUIntLE(width - 1, 24, 3);
  buf.writeUIntLE(height - 1, 27, 3);
  return buf;
}

/** An icon file holding one PNG image of the given size. */
export function ico(size: number): Buffer {
  const image = png(size, size);
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = size >= 256 ? 0 : size;
  head[7] = size >= 256 ? 0 : size;
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, image]);
}

/** A multipart/form-data body with one file part. */
export function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An agent's upload (`ticket.upload`, multipart: no operation takes it); answers its file id. */
export async function uploadAs(
  app: { inject: FastifyInstance['inject'] },
  token: string,
  data: Buffer,
  name: string,
  type = 'application/octet-stream',
): Promise<string> {
  const body = multipart(data, name, type);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/ticket.upload',
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
  const json = res.json() as { code: string; msg: string; data: { file_id: string } };
  if (json.code !== '0000') {
    throw new Error(`upload of ${name} refused: ${json.code} ${json.msg}`);
  }
  return json.data.file_id;
}
