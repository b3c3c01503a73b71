import type { TAttachment } from '@parley/contracts';
import { App, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { ticketApi } from '../../api/ticket';
import { translateMessage } from '../../i18n';

const maxBytes = 20 * 1024 * 1024;

/** A comment's attachments: one upload at a time (spec section 5), at most 20M each. */
export function useAttachments() {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile<TAttachment>[]>([]);
  const uploading = useRef(false);

  const add = async (file: File) => {
    if (uploading.current) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    if (file.size > maxBytes) {
      void message.error(translateMessage('file_too_large'));
      return;
    }
    const uid = `${Date.now()}-${file.name}`;
    uploading.current = true;
    setFiles((list) => [...list, { uid, name: file.name, status: 'uploading' }]);
    try {
      const response = await ticketApi.upload(file);
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
