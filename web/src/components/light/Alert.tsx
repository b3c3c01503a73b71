import { useTranslation } from '../../i18n/useTranslation';
import { Icon } from './Icon';
import { closeOutlined } from './iconPaths';
import { closeCircleFilled, infoCircleFilled } from './statusIconPaths';

/** A message in the page: information, or a failure (announced to screen readers) that can be closed. */
export function Alert({ type, text, onClose }: { type: 'info' | 'error'; text: string; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`pl-alert pl-alert-${type}`} role={type === 'error' ? 'alert' : undefined}>
      <Icon paths={type === 'error' ? closeCircleFilled : infoCircleFilled} />
      <div className="pl-alert-text">{text}</div>
      {onClose && (
        <button type="button" className="pl-alert-close" aria-label={t('ui.close')} onClick={onClose}>
          <Icon paths={closeOutlined} />
        </button>
      )}
    </div>
  );
}
