import { commentFilesMax, type TAttachment } from '@parley/contracts';
import { App, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n';
import { maxUploadBytes } from './imageCheck';

/**
 * A comment's or a form's attachments, chosen or dropped several at a time and uploaded one
 * after another, each listed as it waits and uploads (docs/product.md §5: an upload in progress
 * blocks another choice until it ends); at most 20M each and `commentFilesMax` in all. A failed
 * upload leaves the list; the API client has already said why.
 */
export function useUploadList(upload: (file: File) => Promise<TAttachment>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile<TAttachment>[]>([]);
  const uploading = useRef(false);

  const add = async (chosen: File[]) => {
    if (uploading.current) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    const fitting = chosen.filter((file) => file.size <= maxUploadBytes);
    if (fitting.length < chosen.length) {
      void message.error(translateMessage('file_too_large'));
    }
    const room = Math.max(0, commentFilesMax - files.length);
    if (fitting.length > room) {
      void message.warning(t('upload.too_many_files', { max: commentFilesMax }));
    }
    const batch = fitting.slice(0, room).map((file, i) => ({ file, uid: `${Date.now()}-${i}-${file.name}` }));
    if (batch.length === 0) {
      return;
    }
    uploading.current = true;
    setFiles((list) => [
      ...list,
      ...batch.map(
        ({ file, uid }): UploadFile<TAttachment> => ({ uid, name: file.name, size: file.size, status: 'uploading' }),
      ),
    ]);
    try {
      for (const { file, uid } of batch) {
        try {
          const response = await upload(file);
          setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, status: 'done', response } : f)));
        } catch {
          setFiles((list) => list.filter((f) => f.uid !== uid));
        }
      }
    } finally {
      uploading.current = false;
    }
  };

  return {
    files,
    add,
    remove: (uid: string) => setFiles((list) => list.filter((f) => f.uid !== uid)),
    clear: () => setFiles([]),
    isUploading: () => uploading.current,
    fileIds: () => files.flatMap((f) => (f.response ? [f.response.file_id] : [])),
  };
}
