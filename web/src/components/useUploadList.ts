import { commentFilesMax, type TAttachment } from '@parley/contracts';
import { App } from 'antd';
import { translateMessage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { useUploadQueue } from './useUploadQueue';

/**
 * A comment's or a form's attachments in the back office (`useUploadQueue`), its files in the
 * shape of Ant Design's upload list; what a choice runs into is said in a toast.
 */
export function useUploadList(upload: (file: File) => Promise<TAttachment>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useUploadQueue(upload, {
    busy: () => void message.warning(translateMessage('upload_in_progress')),
    leftOut: ({ tooLarge, tooMany }) => {
      if (tooLarge.length > 0) {
        void message.error(translateMessage('file_too_large'));
      }
      if (tooMany.length > 0) {
        void message.warning(t('upload.too_many_files', { max: commentFilesMax }));
      }
    },
  });
}
