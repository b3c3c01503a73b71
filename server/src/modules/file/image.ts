/** What the first bytes of a file say it is; the name and the declared content type are never trusted. */
import type { TImageType } from '@parley/contracts';

export type ImageType = TImageType;

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

export const imageContentType: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

export const imageExtension: Record<ImageType, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  ico: 'ico',
};

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Buffer, at: number, text: string) =>
  buf.length >= at + text.length && buf.toString('latin1', at, at + text.length) === text;

function png(buf: Buffer): ImageInfo | null {
  if (
    !startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    !ascii(buf, 12, 'IHDR') ||
    buf.length < 24
  ) {
    return null;
  }
  return { type: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function gif(buf: Buffer): ImageInfo | null {
  if (!(ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a')) || buf.length < 10) {
    return null;
  }
  return { type: 'gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
}

/** Walks the JPEG segments to the first start-of-frame, which holds the size. */
function jpeg(buf: Buffer): ImageInfo | null {
  if (!startsWith(buf, [0xff, 0xd8, 0xff])) {
    return null;
  }
  let i = 2;
  while (i + 3 < buf.length) {
    if (buf[i] !== 0xff) {
      return null;
    }
    const marker = buf[i + 1] as number;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) {
      return null; // end of image, or scan data, before any frame header
    }
    const length = buf.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > buf.length) {
        return null;
      }
      return { type: 'jpeg', height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    if (length < 2) {
      return null;
    }
    i += 2 + length;
  }
  return null;
}

function webp(buf: Buffer): ImageInfo | null {
  if (!ascii(buf, 0, 'RIFF') || !ascii(buf, 8, 'WEBP') || buf.length < 30) {
    return null;
  }
  if (ascii(buf, 12, 'VP8 ') && startsWith(buf, [0x9d, 0x01, 0x2a], 23)) {
    return { type: 'webp', width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (ascii(buf, 12, 'VP8L') && buf[20] === 0x2f) {
    const bits = buf.readUInt32LE(21);
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (ascii(buf, 12, 'VP8X')) {
    return { type: 'webp', width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** An icon directory; its size is the largest image it holds (a 0 byte means 256). */
function ico(buf: Buffer): ImageInfo | null {
  if (!startsWith(buf, [0, 0, 1, 0]) || buf.length < 6) {
    return null;
  }
  const count = buf.readUInt16LE(4);
  if (count === 0 || 6 + count * 16 > buf.length) {
    return null;
  }
  let width = 0;
  let height = 0;
  for (let n = 0; n < count; n++) {
    const at = 6 + n * 16;
    const size = buf.readUInt32LE(at + 8);
    const offset = buf.readUInt32LE(at + 12);
    if (size === 0 || offset + size > buf.length) {
      return null;
    }
    width = Math.max(width, buf[at] || 256);
    height = Math.max(height, buf[at + 1] || 256);
  }
  return { type: 'ico', width, height };
}

/** Recognises png, jpeg, gif, webp and ico by content and reads the size from the header. */
export function sniffImage(buf: Buffer): ImageInfo | null {
  for (const parse of [png, jpeg, gif, webp, ico]) {
    const info = parse(buf);
    if (info) {
      return info.width > 0 && info.height > 0 ? info : null;
    }
  }
  return null;
}
