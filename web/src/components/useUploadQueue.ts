import { commentFilesMax, maxUploadBytes, type TAttachment } from '@parley/contracts';
import { useRef, useState } from 'react';

/** A file of the list: waiting or uploading, then done with what the server said of it. */
export interface TUploadItem {
  uid: string;
  name: string;
  size: number;
  status: 'uploading' | 'done';
  response?: TAttachment;
}

/** What a choice of files ran into; each screen says it in its own way. */
export interface TUploadProblems {
  /** Another choice came while an upload was in progress: nothing of it was taken. */
  busy(): void;
  /**
   * The files of a choice that were left out: larger than 20M (`tooLarge`), or beyond
   * `commentFilesMax` in all (`tooMany`); both empty when every file was taken.
   */
  leftOut(files: { tooLarge: File[]; tooMany: File[] }): void;
}

let nextUid = 1;

/**
 * A comment's or a form's attachments, without the way a screen shows them: chosen several at a
 * time and uploaded one after another, each listed as it waits and uploads (docs/product.md §5:
 * an upload in progress blocks another choice until it ends); at most 20M each and
 * `commentFilesMax` in all, as the server checks. A failed upload leaves the list: the API client
 * has already said why. No Ant Design here: the public pages use it too.
 */
export function useUploadQueue(upload: (file: File) => Promise<TAttachment>, problems: TUploadProblems) {
  const [files, setFiles] = useState<TUploadItem[]>([]);
  const uploading = useRef(false);
  // The list as it is now, not as it was when the screen last drew (`add` may run before that).
  const current = useRef(files);
  const change = (next: (list: TUploadItem[]) => TUploadItem[]) => {
    current.current = next(current.current);
    setFiles(current.current);
  };

  const add = async (chosen: File[]) => {
    if (uploading.current) {
      problems.busy();
      return;
    }
    const fitting = chosen.filter((file) => file.size <= maxUploadBytes);
    const room = Math.max(0, commentFilesMax - current.current.length);
    problems.leftOut({ tooLarge: chosen.filter((file) => file.size > maxUploadBytes), tooMany: fitting.slice(room) });
    const batch = fitting.slice(0, room).map((file) => ({ file, uid: `upload-${nextUid++}` }));
    if (batch.length === 0) {
      return;
    }
    uploading.current = true;
    change((list) => [
      ...list,
      ...batch.map(({ file, uid }): TUploadItem => ({ uid, name: file.name, size: file.size, status: 'uploading' })),
    ]);
    try {
      for (const { file, uid } of batch) {
        try {
          const response = await upload(file);
          change((list) => list.map((f) => (f.uid === uid ? { ...f, status: 'done', response } : f)));
        } catch {
          change((list) => list.filter((f) => f.uid !== uid));
        }
      }
    } finally {
      uploading.current = false;
    }
  };

  return {
    files,
    add,
    remove: (uid: string) => change((list) => list.filter((f) => f.uid !== uid)),
    clear: () => change(() => []),
    isUploading: () => uploading.current,
    fileIds: () => current.current.flatMap((f) => (f.response ? [f.response.file_id] : [])),
  };
}
