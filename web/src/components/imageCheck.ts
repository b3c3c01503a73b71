import type { TMessageKey } from '@parley/contracts';

/** The server's limit on any upload (spec: "File size cannot exceed 20M"). */
export const maxUploadBytes = 20 * 1024 * 1024;

/** What an upload kind accepts: the server's rules, checked first in the browser to save a trip. */
export interface TImageRule {
  /** File types by extension, for the file chooser and the check. */
  extensions: readonly string[];
  /** Whether the decoded size fits (skipped when this browser cannot decode the file). */
  fits: (width: number, height: number) => boolean;
  messageKey: TMessageKey;
}

export const imageRules = {
  avatar: {
    extensions: ['png', 'jpg', 'jpeg', 'webp', 'gif'],
    fits: (w, h) => w < 100 && h < 100,
    messageKey: 'avatar_invalid',
  },
  favicon: { extensions: ['png', 'ico'], fits: (w, h) => w <= 256 && h <= 256, messageKey: 'favicon_invalid' },
  adImage: { extensions: ['png', 'jpg', 'jpeg', 'webp'], fits: (w) => w === 1000, messageKey: 'ad_image_invalid' },
} satisfies Record<string, TImageRule>;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Width and height of an image file, or null when this browser cannot decode it (an .ico). */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') {
    return null;
  }
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The message key of what is wrong with `file` for `rule`, or null when it may be sent. */
export async function checkImage(file: File, rule: TImageRule): Promise<TMessageKey | null> {
  if (file.size > maxUploadBytes) {
    return 'file_too_large';
  }
  if (!rule.extensions.includes(extensionOf(file.name))) {
    return rule.messageKey;
  }
  const size = await imageSize(file);
  if (size && !rule.fits(size.width, size.height)) {
    return rule.messageKey;
  }
  return null;
}
