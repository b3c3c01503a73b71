import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The side menu at phone widths: off-canvas, over the page, opened from the header's menu button. */
export function MenuDrawer({
  open,
  label,
  background,
  onClose,
  children,
}: {
  open: boolean;
  label: string;
  background: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      closable={false}
      size={232}
      aria-label={label}
      styles={{ body: { padding: 0, background } }}
    >
      {children}
    </Drawer>
  );
}
