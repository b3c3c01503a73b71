import { Button, Card, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';
import { PageHeader } from './PageHeader';

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
      {cancelTo && (
        <LinkButton to={cancelTo} disabled={saving}>
          {t('common.cancel')}
        </LinkButton>
      )}
    </Space>
  );
}
