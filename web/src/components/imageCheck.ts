import { extensionsOf, maxUploadBytes, type TImageRule, type TMessageKey } from '@parley/contracts';

export { imageRules, maxUploadBytes, type TImageRule } from '@parley/contracts';

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
  if (!extensionsOf(rule.types).includes(extensionOf(file.name))) {
    return rule.message;
  }
  const size = await imageSize(file);
  if (size && !rule.fits(size.width, size.height)) {
    return rule.message;
  }
  return null;
}
