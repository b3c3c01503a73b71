import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Flex } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * A phone's search filters, folded behind a "Filters" button that counts the ones in use: opened,
 * a drawer from the side with the filters one under the other. Each filter applies as it is
 * chosen (the results behind follow). Opened, the keyboard is on the first filter, inside the
 * dialog (Ant Design's Drawer focuses its root, outside the element that names the dialog); Escape,
 * the close button or "Show results" close it and the focus goes back to the button (the Drawer
 * returns it to where it was).
 */
export function FiltersDrawer({
  count,
  onClear,
  children,
}: {
  /** How many filters are in use. */
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const body = useRef<HTMLDivElement>(null);
  return (
    <>
      <Button
        icon={<FilterOutlined aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        // The count is read with the name: the badge alone is a number out of context.
        aria-label={count > 0 ? t('ticket.filters_count', { count }) : t('ticket.filters')}
        onClick={() => setOpen(true)}
      >
        {t('ticket.filters')}
        {count > 0 && <Badge count={count} size="small" color="blue" aria-hidden />}
      </Button>
      <Drawer
        open={open}
        onClose={close}
        afterOpenChange={(opened) => {
          if (opened) {
            body.current?.querySelector<HTMLElement>('input, button, [tabindex="0"]')?.focus();
          }
        }}
        title={t('ticket.filters')}
        placement="right"
        size={320}
        styles={{ body: { paddingBlock: 16 } }}
        footer={
          <Flex justify="space-between" align="center">
            <Button type="link" disabled={count === 0} onClick={onClear} style={{ paddingInline: 0 }}>
              {t('ticket.clear_filters')}
            </Button>
            <Button type="primary" onClick={close}>
              {t('ticket.filters_done')}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={12} ref={body}>
          {children}
        </Flex>
      </Drawer>
    </>
  );
}
