import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The list's keyboard help ("?"): loaded when first asked for, not with the list. `x` where rows can be selected. */
export function KeysHelp({ onClose, select }: { onClose: () => void; select: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('ticket.keys_title')} footer={null} onCancel={onClose}>
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
