import { commentFilesMax, type TAttachment } from '@parley/contracts';
import { App, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n';
import { maxUploadBytes } from './imageCheck';

/**
 * A comment's or a form's attachments, uploaded one at a time as they are chosen (docs/product.md §5:
 * an upload in progress blocks another), at most 20M each and `commentFilesMax` in all. A failed
 * upload leaves the list; the API client has already said why.
 */
export function useUploadList(upload: (file: File) => Promise<TAttachment>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile<TAttachment>[]>([]);
  const uploading = useRef(false);

  const add = async (file: File) => {
    if (uploading.current) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    if (file.size > maxUploadBytes) {
      void message.error(translateMessage('file_too_large'));
      return;
    }
    if (files.length >= commentFilesMax) {
      void message.warning(t('upload.too_many_files', { max: commentFilesMax }));
      return;
    }
    const uid = `${Date.now()}-${file.name}`;
    uploading.current = true;
    setFiles((list) => [...list, { uid, name: file.name, size: file.size, status: 'uploading' }]);
    try {
      const response = await upload(file);
      setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, status: 'done', response } : f)));
    } catch {
      setFiles((list) => list.filter((f) => f.uid !== uid));
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
