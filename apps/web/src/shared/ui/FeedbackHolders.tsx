import { useEffect } from 'react';
import { Modal, notification } from 'antd';
import type { FeedbackApis } from './lazyFeedback.tsx';

/** antd's dialog and notification hooks with their holders (loaded by useLazyFeedback when first used). */
export default function FeedbackHolders({ onReady }: { onReady: (apis: FeedbackApis) => void }) {
  const [modal, modalHolder] = Modal.useModal();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => onReady({ modal, notification: notificationApi }), [modal, notificationApi, onReady]);
  return (
    <>
      {modalHolder}
      {notificationHolder}
    </>
  );
}
