import type { TAttachment } from '@parley/contracts';
import { App } from 'antd';
import { type RefObject, useRef, useState } from 'react';
import { ticketApi } from '../../../api/ticket';
import { maxUploadBytes } from '../../../components/imageCheck';
import { translateMessage } from '../../../i18n';

export const isImageFile = (file: File) => /^image\/(png|jpeg|gif|webp)$/.test(file.type);

/** Tells the composer its content changed (React listens to the native `input` event). */
export function announceInput(editor: HTMLElement) {
  editor.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Where an image will go while it uploads: the caret moves past it, so typing goes on after it. */
function placeMarkers(editor: HTMLElement, at: Range | null, count: number): HTMLElement[] {
  const markers = Array.from({ length: count }, () => {
    const marker = document.createElement('span');
    marker.className = 'parley-composer-uploading';
    marker.contentEditable = 'false';
    return marker;
  });
  const range = at && editor.contains(at.commonAncestorContainer) ? at : null;
  if (range) {
    range.deleteContents();
    for (const marker of [...markers].reverse()) {
      range.insertNode(marker);
    }
    const after = document.createRange();
    after.setStartAfter(markers[markers.length - 1] as HTMLElement);
    after.collapse(true);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(after);
  } else {
    editor.append(...markers);
  }
  return markers;
}

/** Puts the image where its marker is; a caret just after the marker stays just after the image. */
function replaceMarker(marker: HTMLElement, img: HTMLImageElement) {
  const parent = marker.parentNode;
  if (!parent) {
    return; // The agent deleted the marker meanwhile: they did not want the image there.
  }
  const selection = window.getSelection();
  const caret = selection?.rangeCount ? selection.getRangeAt(0) : null;
  const after = Array.prototype.indexOf.call(parent.childNodes, marker) + 1;
  const caretAfter = caret?.collapsed && caret.startContainer === parent && caret.startOffset === after;
  marker.replaceWith(img);
  if (caretAfter && selection) {
    const range = document.createRange();
    range.setStartAfter(img);
    range.collapse(true);
    selection.removeAllRanges();
    selection.addRange(range);
  }
}

function imageOf(file: TAttachment, local: File): HTMLImageElement {
  const img = document.createElement('img');
  // Shown from the pasted bytes: the attachment's own address needs the session's header.
  img.src = URL.createObjectURL(local);
  img.dataset.fileId = file.file_id;
  img.alt = file.file_name;
  return img;
}

/**
 * Images pasted, dropped or picked into the composer: each is uploaded through `ticket.upload`
 * and shown where the caret was. One upload at a time (docs/product.md §5), shared with the
 * attachments' uploads through `otherUploading`; at most 20M each.
 */
export function useInlineImages(editor: RefObject<HTMLDivElement | null>, otherUploading: () => boolean) {
  const { message } = App.useApp();
  const uploading = useRef(false);
  const [pending, setPending] = useState(0);

  const add = async (files: File[], at: Range | null) => {
    const images = files.filter(isImageFile);
    if (images.length === 0) {
      return;
    }
    if (uploading.current || otherUploading()) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    if (images.some((f) => f.size > maxUploadBytes)) {
      void message.error(translateMessage('file_too_large'));
      return;
    }
    const root = editor.current;
    if (!root) {
      return;
    }
    uploading.current = true;
    setPending(images.length);
    const markers = placeMarkers(root, at, images.length);
    announceInput(root);
    try {
      for (const [i, file] of images.entries()) {
        const uploaded = await ticketApi.upload(file);
        const marker = markers[i];
        if (marker) {
          replaceMarker(marker, imageOf(uploaded, file));
        }
        setPending((n) => n - 1);
      }
    } catch {
      // The API client has shown why; the images uploaded so far stay.
    } finally {
      for (const marker of markers) {
        marker.remove();
      }
      uploading.current = false;
      setPending(0);
      announceInput(root);
    }
  };

  return { add, pending, isUploading: () => uploading.current };
}
