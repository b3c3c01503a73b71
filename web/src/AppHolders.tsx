import { Modal, message, notification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { useEffect } from 'react';
import { installDialogTabLoop } from './components/dialogTabLoop';

/**
 * Ant Design's message, notification and modal holders, as its `App` renders them, loaded after
 * the staff shell's first render (LateApp.tsx): `onReady` gets the APIs they drive.
 */
export default function AppHolders({ onReady }: { onReady: (api: useAppProps) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(installDialogTabLoop, []);
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
