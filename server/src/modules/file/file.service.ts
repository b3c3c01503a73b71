import { randomBytes } from 'node:crypto';
import type { TMessageKey, TUploadResponse } from '@parley/contracts';
import { AppError, invalid } from '../../http/app-error.js';
import type { FileStore } from './file.store.js';
import { type ImageInfo, type ImageType, imageContentType, imageExtension, sniffImage } from './image.js';

/** What an upload is for; each kind has its own folder and rule. */
export type FileKind = 'avatar' | 'favicon' | 'ad_image';

interface KindRule {
  folder: string;
  types: ImageType[];
  fits: (image: ImageInfo) => boolean;
  message: TMessageKey;
}

export const fileKinds: Record<FileKind, KindRule> = {
  // Spec: avatars are images smaller than 100 x 100.
  avatar: {
    folder: 'avatars',
    types: ['png', 'jpeg', 'webp', 'gif'],
    fits: (i) => i.width < 100 && i.height < 100,
    message: 'avatar_invalid',
  },
  // Browsers show 16 to 256 pixel icons; anything bigger is a mistake.
  favicon: {
    folder: 'favicons',
    types: ['png', 'ico'],
    fits: (i) => i.width <= 256 && i.height <= 256,
    message: 'favicon_invalid',
  },
  // Spec: the email bottom ad is 1000px wide, any height, png/jpg/webp.
  ad_image: {
    folder: 'ad_images',
    types: ['png', 'jpeg', 'webp'],
    fits: (i) => i.width === 1000,
    message: 'ad_image_invalid',
  },
};

export const isFileKind = (value: string): value is FileKind => Object.hasOwn(fileKinds, value);

/** Largest upload, per the spec ("File size cannot exceed 20M"). */
export const maxUploadBytes = 20 * 1024 * 1024;

const namePattern = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp|ico)$/;
const urlPrefix = '/api/home/file/';

export const fileUrl = (kind: FileKind, name: string) => `${urlPrefix}${kind}/${name}`;

/** The stored file's key for one of our URLs of this kind, or null for anything else. */
export function keyOfUrl(url: string, kind: FileKind): string | null {
  const prefix = `${urlPrefix}${kind}/`;
  if (!url.startsWith(prefix)) {
    return null;
  }
  const name = url.slice(prefix.length);
  return namePattern.test(name) ? `${fileKinds[kind].folder}/${name}` : null;
}

export function keyOfName(kind: FileKind, name: string): string | null {
  return namePattern.test(name) ? `${fileKinds[kind].folder}/${name}` : null;
}

export function contentTypeOfName(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  const type = (Object.keys(imageExtension) as ImageType[]).find((t) => imageExtension[t] === ext);
  return type ? imageContentType[type] : 'application/octet-stream';
}

/**
 * A URL a client wants stored in a record (avatar, favicon, ad image) must be empty or one of
 * our uploads of that kind that exists: no outside address, no made-up path.
 */
export async function assertUploaded(files: FileStore, url: string, kind: FileKind, field: string): Promise<void> {
  if (url === '') {
    return;
  }
  const key = keyOfUrl(url, kind);
  if (!key || !(await files.get(key))) {
    throw invalid('field_invalid', field);
  }
}

/** Checks an upload by its content against the kind's rule, stores it, and answers its URL. */
export async function storeUpload(files: FileStore, kind: FileKind, data: Buffer): Promise<TUploadResponse> {
  const rule = fileKinds[kind];
  const image = sniffImage(data);
  if (!image || !rule.types.includes(image.type) || !rule.fits(image)) {
    throw new AppError('FFFF', rule.message, { file: rule.message });
  }
  const name = `${randomBytes(16).toString('base64url')}.${imageExtension[image.type]}`;
  await files.put(`${rule.folder}/${name}`, data);
  return {
    url: fileUrl(kind, name),
    width: image.width,
    height: image.height,
    content_type: imageContentType[image.type],
    size: data.length,
  };
}

/** Removes a replaced or orphaned upload; a URL that is not ours is left alone. */
export async function deleteUpload(files: FileStore, url: string, kind: FileKind): Promise<void> {
  const key = keyOfUrl(url, kind);
  if (key) {
    await files.delete(key);
  }
}
