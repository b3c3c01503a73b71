import { Button, Card, Flex, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/useTranslation';
import { followLink } from './followLink';
import { PageHeader } from './PageHeader';
import { useConfirm } from './useConfirm';

/** An add, edit or settings screen: heading (with the way back to its list) and one card. */
export function FormPage({
  title,
  subtitle,
  backTo,
  actions,
  children,
  width = 880,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  actions?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: width, margin: '0 auto' }}>
      <PageHeader title={title} subtitle={subtitle} backTo={backTo} actions={actions} />
      <Card variant="borderless">{children}</Card>
    </Flex>
  );
}

/** Save (submits the form it sits in) and, with `cancelTo`, a way back without saving. */
export function FormActions({
  saving,
  cancelTo,
  saveLabel,
  disabled,
}: {
  saving: boolean;
  cancelTo?: string;
  saveLabel?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space style={{ marginTop: 8 }}>
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled}>
        {saveLabel ?? t('common.save')}
      </Button>
      {cancelTo && <CancelButton to={cancelTo} disabled={saving} />}
    </Space>
  );
}

/**
 * Cancel: back to `to`, after asking when the form it sits in was changed (a rule or a policy can
 * take a while to build; one stray click must not lose it). A link still, for a new tab.
 */
function CancelButton({ to, disabled }: { to: string; disabled: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const navigate = useNavigate();
  const { confirm } = useConfirm();
  const leave = (target: string) => {
    if (!form.isFieldsTouched()) {
      return navigate(target);
    }
    confirm({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.discard'),
      cancelText: t('unsaved.keep'),
      danger: true,
      onOk: async () => navigate(target),
    });
  };
  return (
    <Button href={to} onClick={followLink(leave, to)} disabled={disabled}>
      {t('common.cancel')}
    </Button>
  );
}
