import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';

/** Desktop notifications need the agent's yes once; until then the workspace offers to ask. */
export function NotificationPrompt() {
  const { t } = useTranslation();
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported || permission !== 'default') {
    return null;
  }
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 8 }}
      title={t('chat.notify_ask')}
      action={
        <Button
          size="small"
          type="primary"
          onClick={() => {
            void Notification.requestPermission().then(setPermission);
          }}
        >
          {t('chat.notify_allow')}
        </Button>
      }
    />
  );
}
