import { commentFilesMax } from '@parley/contracts';
import { useRef } from 'react';
import { Button } from '../../components/light/Button';
import { Icon, Spinner } from '../../components/light/Icon';
import { deleteOutlined, paperClipOutlined } from '../../components/light/iconPaths';
import { useTranslation } from '../../i18n/useTranslation';
import type { usePublicUploads } from './usePublicUploads';

/**
 * "Add files" (several at once) and the files added so far, each with a button that removes it;
 * under them, the files the last choice left out and why.
 */
export function AttachmentPicker({ uploads }: { uploads: ReturnType<typeof usePublicUploads> }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="pl-item">
      <div className="pl-label" id="home-attachments">
        {t('home.attachments')}
      </div>
      <div>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          aria-labelledby="home-attachments"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (chosen.length > 0) {
              void uploads.add(chosen);
            }
          }}
        />
        <Button icon={<Icon paths={paperClipOutlined} />} onClick={() => input.current?.click()}>
          {t('home.attach')}
        </Button>
      </div>
      {uploads.files.length > 0 && (
        <ul className="pl-files">
          {uploads.files.map((file) => (
            <li key={file.uid} className="pl-file">
              {file.status === 'uploading' ? <Spinner /> : <Icon paths={paperClipOutlined} />}
              <span className="pl-file-name" data-uploading={file.status === 'uploading'}>
                {file.name}
              </span>
              {file.status !== 'uploading' && (
                <button
                  type="button"
                  className="pl-file-remove"
                  aria-label={`${t('common.remove')} ${file.name}`}
                  onClick={() => uploads.remove(file.uid)}
                >
                  <Icon paths={deleteOutlined} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploads.problems.map((problem) => (
        <div key={problem} className="pl-error-text" role="alert">
          {problem}
        </div>
      ))}
      <div className="pl-extra">{t('home.attachments_hint', { max: commentFilesMax })}</div>
    </div>
  );
}
