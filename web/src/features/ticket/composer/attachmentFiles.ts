import { ticketAttachmentPath } from '@parley/contracts';
import { type RefObject, useEffect, useState } from 'react';
import { authStore } from '../../../auth/storage';
import { attachmentIdOf } from './composerHtml';

/**
 * Attachments are read with the session's Authorization header, which an `<img src>` or a plain
 * link cannot send: the browser would get `0401`. So images of comments are fetched here and
 * shown from object URLs, and attachment links download the same way.
 */

const maxCached = 100;
const cache = new Map<string, Promise<string | null>>();

async function fetchBlob(fileId: string): Promise<Blob | null> {
  const token = authStore.token();
  try {
    const res = await fetch(ticketAttachmentPath(fileId), { headers: token ? { Authorization: token } : {} });
    // A refusal is the JSON envelope, never the file.
    if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
      return null;
    }
    return await res.blob();
  } catch {
    return null;
  }
}

/** An object URL of the attachment, fetched once per page load (the oldest go past 100). */
function attachmentUrl(fileId: string): Promise<string | null> {
  const cached = cache.get(fileId);
  if (cached) {
    return cached;
  }
  const url = fetchBlob(fileId).then((blob) => (blob ? URL.createObjectURL(blob) : null));
  cache.set(fileId, url);
  if (cache.size > maxCached) {
    const [oldest, gone] = cache.entries().next().value as [string, Promise<string | null>];
    cache.delete(oldest);
    void gone.then((u) => u && URL.revokeObjectURL(u));
  }
  return url;
}

/** Downloads an attachment under its name. */
export async function downloadAttachment(fileId: string, fileName: string): Promise<void> {
  const url = await attachmentUrl(fileId);
  if (!url) {
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.click();
}

/** Comment HTML with our images' `src` moved to `data-file-id`, so the browser does not ask for them unsigned. */
export function deferAttachmentImages(html: string): string {
  return html.replace(/<img([^>]*?)\ssrc="([^"]*)"/g, (whole, before: string, src: string) => {
    const id = attachmentIdOf(src.replace(/&amp;/g, '&'));
    return id ? `<img${before} data-file-id="${id}"` : whole;
  });
}

/** Fills in the deferred images under `ref` once `html` is on screen. */
export function useAttachmentImages(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root || html === '') {
      return;
    }
    let live = true;
    for (const img of Array.from(root.querySelectorAll<HTMLImageElement>('img[data-file-id]'))) {
      const id = img.dataset.fileId ?? '';
      void attachmentUrl(id).then((url) => {
        if (live && url) {
          img.src = url;
        }
      });
    }
    return () => {
      live = false;
    };
  }, [ref, html]);
}

/** An attachment's object URL once fetched: `undefined` while loading, `null` when refused. */
export function useAttachmentUrl(fileId: string): string | null | undefined {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void attachmentUrl(fileId).then((u) => {
      if (live) {
        setUrl(u);
      }
    });
    return () => {
      live = false;
    };
  }, [fileId]);
  return url;
}
