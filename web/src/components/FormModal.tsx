import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
