import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The list's keyboard help ("?"): loaded when first asked for, not with the list. */
export function KeysHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('ticket.keys_title')} footer={null} onCancel={onClose}>
      <Descriptions
        column={1}
        size="small"
        items={(['j', 'k', 'enter', 'x', 'help'] as const).map((key) => ({
          key,
          label: <Typography.Text keyboard>{t(`ticket.key_${key}_key`)}</Typography.Text>,
          children: t(`ticket.key_${key}`),
        }))}
      />
    </Modal>
  );
}
