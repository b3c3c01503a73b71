import type { TMessageKey } from './messages.js';

/** Largest upload of any kind (spec: "File size cannot exceed 20M"); the server refuses more, the web checks first. */
export const maxUploadBytes = 20 * 1024 * 1024;

/** Image formats the server recognises by their bytes. */
export type TImageType = 'png' | 'jpeg' | 'webp' | 'gif' | 'ico';

/** What an image upload of one kind accepts; the server enforces it, the web checks it first to save a trip. */
export interface TImageRule {
  types: readonly TImageType[];
  fits: (width: number, height: number) => boolean;
  message: TMessageKey;
  /** Said of a file that is none of `types` (not an image at all, or another kind); else `message`. */
  notImage?: TMessageKey;
}

export type TImageKind = 'avatar' | 'favicon' | 'ad_image';

export const imageRules: Record<TImageKind, TImageRule> = {
  // Spec: avatars are images smaller than 100 x 100.
  avatar: {
    types: ['png', 'jpeg', 'webp', 'gif'],
    fits: (w, h) => w < 100 && h < 100,
    message: 'avatar_invalid',
    notImage: 'avatar_not_image',
  },
  // Browsers show 16 to 256 pixel icons; anything bigger is a mistake.
  favicon: { types: ['png', 'ico'], fits: (w, h) => w <= 256 && h <= 256, message: 'favicon_invalid' },
  // Spec: the email bottom ad is 1000px wide, any height, png/jpg/webp.
  ad_image: { types: ['png', 'jpeg', 'webp'], fits: (w) => w === 1000, message: 'ad_image_invalid' },
};

/** File name extensions of the image types (a file chooser's `accept`, the web's first check). */
export function extensionsOf(types: readonly TImageType[]): string[] {
  return types.flatMap((t) => (t === 'jpeg' ? ['jpg', 'jpeg'] : [t]));
}
