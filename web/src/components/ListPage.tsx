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
  flush = false,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
  width?: number;
  /**
   * The rows reach the card's sides (a phone's ticket cards, padded themselves, get the width, as
   * on the ticket list); the filters keep the card's inset.
   */
  flush?: boolean;
}) {
  const toolbar = filters ? <Toolbar>{filters}</Toolbar> : null;
  return (
    <Flex vertical gap={16} style={{ maxWidth: width, margin: '0 auto' }}>
      <PageHeader title={title} subtitle={subtitle} backTo={backTo} actions={actions} />
      <Card variant="borderless" styles={flush ? { body: { padding: '16px 0 4px' } } : undefined}>
        {flush && toolbar ? <div style={{ paddingInline: 16 }}>{toolbar}</div> : toolbar}
        {children}
      </Card>
    </Flex>
  );
}
