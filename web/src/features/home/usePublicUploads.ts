import { commentFilesMax, maxUploadBytes, type TAttachment } from '@parley/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { homeApi } from '../../api/home';
import { toast } from '../../components/light/toast';
import { translateMessage } from '../../i18n';

export interface TPublicFile {
  uid: string;
  name: string;
  uploading: boolean;
  response?: TAttachment;
}

/**
 * The public form's attachments (components/useUploadList without Ant Design): uploaded one at a
 * time as they are chosen (docs/product.md §5: an upload in progress blocks another), at most 20M
 * each and `commentFilesMax` in all. A failed upload leaves the list; the API client said why.
 */
export function usePublicUploads() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<TPublicFile[]>([]);
  const uploading = useRef(false);

  const add = async (file: File) => {
    if (uploading.current) {
      toast.warning(translateMessage('upload_in_progress'));
      return;
    }
    if (file.size > maxUploadBytes) {
      toast.error(translateMessage('file_too_large'));
      return;
    }
    if (files.length >= commentFilesMax) {
      toast.warning(t('upload.too_many_files', { max: commentFilesMax }));
      return;
    }
    const uid = `${Date.now()}-${file.name}`;
    uploading.current = true;
    setFiles((list) => [...list, { uid, name: file.name, uploading: true }]);
    try {
      const response = await homeApi.upload(file);
      setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, uploading: false, response } : f)));
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
    isUploading: () => uploading.current,
    fileIds: () => files.flatMap((f) => (f.response ? [f.response.file_id] : [])),
  };
}
