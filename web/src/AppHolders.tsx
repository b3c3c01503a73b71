import { Modal, message, notification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { useEffect } from 'react';
import { installDialogTabLoop } from './components/dialogTabLoop';

let toasts: HTMLElement | null = null;
function toastRoot(): HTMLElement {
  if (!toasts?.isConnected) {
    toasts = document.createElement('div');
    toasts.className = 'parley-toasts';
    document.body.prepend(toasts);
  }
  return toasts;
}

/**
 * Ant Design's message, notification and modal holders, as its `App` renders them, loaded after
 * the staff shell's first render (LateApp.tsx): `onReady` gets the APIs they drive.
 */
export default function AppHolders({ onReady }: { onReady: (api: useAppProps) => void }) {
  // The toasts come first in the page's order (drawn over it wherever they are): from the link of
  // one ("Open it", focused after a save that left the page) Tab goes on to the page's top.
  const [messageApi, messageHolder] = message.useMessage({ getContainer: toastRoot });
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
