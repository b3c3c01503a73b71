import { commentFilesMax } from '@parley/contracts';
import { useState } from 'react';
import { homeApi } from '../../api/home';
import { toast } from '../../components/light/toast';
import { useUploadQueue } from '../../components/useUploadQueue';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * The public form's attachments (`useUploadQueue`, as the back office's, without Ant Design).
 * The files a choice leaves out are named in `problems` (shown under the list until the next
 * choice or removal).
 */
export function usePublicUploads() {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const queue = useUploadQueue(homeApi.upload, {
    busy: () => toast.warning(translateMessage('upload_in_progress')),
    leftOut: ({ tooLarge, tooMany }) => {
      const left = (list: File[], why: string) =>
        t('home.files_not_added', { names: list.map((f) => f.name).join(', '), why });
      setProblems([
        ...(tooLarge.length ? [left(tooLarge, translateMessage('file_too_large'))] : []),
        ...(tooMany.length ? [left(tooMany, t('upload.too_many_files', { max: commentFilesMax }))] : []),
      ]);
    },
  });
  return {
    ...queue,
    problems,
    remove: (uid: string) => {
      queue.remove(uid);
      setProblems([]);
    },
  };
}
