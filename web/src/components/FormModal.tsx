import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation';

/**
 * A dialog holding one form: OK submits it (Enter in an input too), Cancel closes it, and
 * closing clears what was typed.
 */
export function FormModal<TValues extends object>({
  open,
  title,
  form,
  saving,
  initialValues,
  onFinish,
  onCancel,
  okText,
  width = 560,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<TValues>;
  saving: boolean;
  initialValues?: Partial<TValues>;
  onFinish: (values: TValues) => void;
  onCancel: () => void;
  okText?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // A dialog its page renders only while open leaves at once on close, before Ant Design can give
  // the focus back to what opened it: a keyboard user was left at the top of the page. The opener
  // is what had the focus when the dialog first rendered; it gets it back if nothing else took it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) {
        setTimeout(() => {
          if (!document.activeElement || document.activeElement === document.body) {
            opener.focus();
          }
        });
      }
    },
    [opener],
  );
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onCancel={onCancel}
      mask={{ closable: !saving }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<TValues>
          form={form}
          layout="vertical"
          requiredMark
          initialValues={initialValues}
          onFinish={onFinish}
          disabled={saving}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
