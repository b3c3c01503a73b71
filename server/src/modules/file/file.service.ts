import { randomBytes } from 'node:crypto';
import {
  imageRules,
  type TImageKind,
  type TImageRule,
  type TMessageKey,
  type TUploadResponse,
} from '@parley/contracts';
import { AppError, invalid } from '../../http/app-error.js';
import type { FileStore } from './file.store.js';
import { type ImageInfo, type ImageType, imageContentType, imageExtension, sniffImage } from './image.js';

/** What an upload is for; each kind has its own folder, and its rule in contracts (`imageRules`). */
export type FileKind = TImageKind;

interface KindRule {
  folder: string;
  types: readonly ImageType[];
  fits: (image: ImageInfo) => boolean;
  message: TMessageKey;
  notImage: TMessageKey;
}

const folders: Record<FileKind, string> = { avatar: 'avatars', favicon: 'favicons', ad_image: 'ad_images' };

function kindRule(kind: FileKind): KindRule {
  const rule: TImageRule = imageRules[kind];
  return {
    folder: folders[kind],
    types: rule.types,
    fits: (i) => rule.fits(i.width, i.height),
    message: rule.message,
    notImage: rule.notImage ?? rule.message,
  };
}

export const fileKinds: Record<FileKind, KindRule> = {
  avatar: kindRule('avatar'),
  favicon: kindRule('favicon'),
  ad_image: kindRule('ad_image'),
};

export const isFileKind = (value: string): value is FileKind => Object.hasOwn(fileKinds, value);

export { maxUploadBytes } from '@parley/contracts';

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
  // A file that is not one of the kind's images is told so, not that it is too large.
  if (!image || !rule.types.includes(image.type)) {
    throw new AppError('FFFF', rule.notImage, { file: rule.notImage });
  }
  if (!rule.fits(image)) {
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
