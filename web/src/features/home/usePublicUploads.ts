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

let nextUid = 1;

/**
 * The public form's attachments (components/useUploadList without Ant Design): chosen several at
 * a time and uploaded one after another, each listed as it waits and uploads (docs/product.md §5:
 * an upload in progress blocks another choice until it ends), at most 20M each and
 * `commentFilesMax` in all, as the server checks. The files a choice leaves out are named in
 * `problems` (shown under the list until the next choice); a failed upload leaves the list and the
 * API client said why.
 */
export function usePublicUploads() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<TPublicFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const uploading = useRef(false);
  const count = useRef(0);
  count.current = files.length;

  const add = async (chosen: File[]) => {
    if (uploading.current) {
      toast.warning(translateMessage('upload_in_progress'));
      return;
    }
    const fitting = chosen.filter((file) => file.size <= maxUploadBytes);
    const tooLarge = chosen.filter((file) => file.size > maxUploadBytes);
    const room = Math.max(0, commentFilesMax - count.current);
    const batch = fitting.slice(0, room).map((file) => ({ file, uid: `f${nextUid++}` }));
    const over = fitting.slice(room);
    const left = (list: File[], why: string) =>
      t('home.files_not_added', { names: list.map((f) => f.name).join(', '), why });
    setProblems([
      ...(tooLarge.length ? [left(tooLarge, translateMessage('file_too_large'))] : []),
      ...(over.length ? [left(over, t('upload.too_many_files', { max: commentFilesMax }))] : []),
    ]);
    if (batch.length === 0) {
      return;
    }
    uploading.current = true;
    setFiles((list) => [...list, ...batch.map(({ file, uid }) => ({ uid, name: file.name, uploading: true }))]);
    try {
      for (const { file, uid } of batch) {
        try {
          const response = await homeApi.upload(file);
          setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, uploading: false, response } : f)));
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
    problems,
    add,
    remove: (uid: string) => {
      setFiles((list) => list.filter((f) => f.uid !== uid));
      setProblems([]);
    },
    isUploading: () => uploading.current,
    fileIds: () => files.flatMap((f) => (f.response ? [f.response.file_id] : [])),
  };
}
