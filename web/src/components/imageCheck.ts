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
    return rule.notImage ?? rule.message;
  }
  const size = await imageSize(file);
  if (size && !rule.fits(size.width, size.height)) {
    return rule.message;
  }
  return null;
}

/**
 * The picture scaled down (never up) so that neither side exceeds `maxSide`, as PNG; the file
 * itself when it already fits or the browser cannot decode it.
 */
export async function scaleToFit(file: File, maxSide: number): Promise<File> {
  if (typeof createImageBitmap !== 'function') {
    return file;
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(bitmap.width * scale));
  canvas.height = Math.max(1, Math.floor(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.png`, { type: 'image/png' }) : file;
}
