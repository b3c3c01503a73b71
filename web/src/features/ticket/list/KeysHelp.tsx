import { Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';

/** The list's keyboard help ("?"): loaded when first asked for, not with the list. `x` where rows can be selected. */
export function KeysHelp({ onClose, select }: { onClose: () => void; select: boolean }) {
  const { t } = useTranslation();
  // Where the focus was when "?" was pressed: the list unmounts the dialog at once (no closing
  // animation), so Ant Design's own return of the focus never runs and it would fall to the page.
  const [returnTo] = useState(() => document.activeElement);
  const close = () => {
    onClose();
    if (returnTo instanceof HTMLElement && returnTo !== document.body) {
      setTimeout(() => returnTo.focus(), 0);
    }
  };
  return (
    <Modal open title={t('ticket.keys_title')} footer={null} onCancel={close}>
      <Descriptions
        column={1}
        size="small"
        items={(select ? (['j', 'k', 'enter', 'x', 'help'] as const) : (['j', 'k', 'enter', 'help'] as const)).map(
          (key) => ({
            key,
            label: <Typography.Text keyboard>{t(`ticket.key_${key}_key`)}</Typography.Text>,
            children: t(`ticket.key_${key}`),
          }),
        )}
      />
    </Modal>
  );
}
