import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** The row of filters above a table. */
export function Toolbar({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
      {/* minWidth 0: on a phone the filters wrap within the card instead of widening the page past the screen. */}
      <Flex wrap gap={12} align="center" style={{ minWidth: 0 }}>
        {children}
      </Flex>
      {extra}
    </Flex>
  );
}
