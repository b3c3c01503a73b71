import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { Toolbar } from './Toolbar';

/** A list screen: heading with actions, then a card holding the filters and the table. */
export function ListPage({
  title,
  subtitle,
  backTo,
  actions,
  filters,
  children,
  width = 1200,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: width, margin: '0 auto' }}>
      <PageHeader title={title} subtitle={subtitle} backTo={backTo} actions={actions} />
      <Card variant="borderless">
        {filters && <Toolbar>{filters}</Toolbar>}
        {children}
      </Card>
    </Flex>
  );
}
