import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useRouteKey } from '../routes/useRouteKey';
import { LinkButton } from './LinkButton';
import { Text, Title } from './Text';

/** A screen's heading (the route's title unless given), an optional way back, and its actions. */
export function PageHeader({
  title,
  subtitle,
  backTo,
  actions,
  icon,
}: {
  title?: ReactNode;
  /** Before the title: an avatar, a logo. */
  icon?: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const key = useRouteKey() ?? 'index';
  return (
    <Flex align="center" justify="space-between" gap={16} wrap>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        {backTo && (
          <LinkButton type="text" icon={<ArrowLeftOutlined aria-hidden />} to={backTo} aria-label={t('common.back')} />
        )}
        {icon}
        <Flex vertical style={{ minWidth: 0 }}>
          <Title style={{ margin: 0 }} ellipsis>
            {title ?? t(`route.${key}`)}
          </Title>
          {subtitle && <Text type="secondary">{subtitle}</Text>}
        </Flex>
      </Flex>
      {actions && <Space wrap>{actions}</Space>}
    </Flex>
  );
}
