import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** The row of filters above a table. */
export function Toolbar({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Flex wrap gap={12} align="center">
        {children}
      </Flex>
      {extra}
    </Flex>
  );
}
