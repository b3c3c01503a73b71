import { CheckSquareOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Typography } from 'antd';
import { type ComponentType, memo, useEffect, useRef, useState } from 'react';
import { useMatch } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';
import { useTranslation } from '../../i18n/useTranslation';
import { useTodos } from './useTodos';

/** Made once: the popover renders again with each ticket opened; its icon need not. */
const todoIcon = <CheckSquareOutlined aria-hidden />;

type TPanel = ComponentType<{ ticketId: number | null }>;

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The popover's list and form (Ant Design's Form, Checkbox, Input: ~20 KB gzipped) load after
 * the shell and the screen have rendered (when the browser is idle, or at once on first open),
 * not before: not with React.lazy, whose Suspense inside the popover never rendered in the web
 * test, but as state set once the module is in.
 */
function useTodoPanel(open: boolean): TPanel | null {
  const [panel, setPanel] = useState<{ Panel: TPanel } | null>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted || open) {
      return;
    }
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setWanted(true));
    return () => cancel(handle);
  }, [wanted, open]);
  useEffect(() => {
    if (!(wanted || open) || panel) {
      return;
    }
    let live = true;
    import('./TodoPanel').then(
      (m) => live && setPanel({ Panel: m.TodoPanel }),
      () => {}, // offline: the popover says it is loading; opening it again tries again
    );
    return () => {
      live = false;
    };
  }, [wanted, open, panel]);
  return panel?.Panel ?? null;
}

/**
 * The shell's todo button: how many items are open, and the list in a popover on any screen.
 * Opening it moves the focus into its box; Escape closes it and gives the focus back to the button.
 */
export function TodoButton() {
  // Not on a ticket's page (no match) or an id that is no number: NaN, so no ticket.
  const ticketId = Number(useMatch('/wswt/ticket/edit/:ticket_id')?.params.ticket_id);
  return <TodoPopover ticketId={Number.isInteger(ticketId) ? ticketId : null} />;
}

/**
 * The button and its popover, for the ticket on screen (null: none). Apart from the address: the
 * shell renders again on every page change, and Ant Design's popover, badge and button with it
 * (each asks for the theme's tokens), though only the ticket shown matters here.
 */
const TodoPopover = memo(function TodoPopover({ ticketId }: { ticketId: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const todos = useTodos(false);
  const count = todos.data?.open_count ?? 0;
  const Panel = useTodoPanel(open);
  const button = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // The popover sits at the end of the page: Tab past its last control (or Shift+Tab before its
  // first) would carry the focus to the top of the page with the popover left open. It closes
  // instead and the focus is back on the button, where the page's order goes on; and it closes
  // when the focus goes anywhere else outside it (a click, a screen reader's jump).
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) {
      return;
    }
    const popover = () => body.current?.closest<HTMLElement>('.ant-popover') ?? null;
    const onKeyDown = (event: KeyboardEvent) => {
      const root = popover();
      if (event.key !== 'Tab' || !root || !(event.target instanceof Node) || !root.contains(event.target)) {
        return;
      }
      const controls = [...root.querySelectorAll<HTMLElement>(focusable)];
      const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
      if (event.target === edge) {
        event.preventDefault();
        closeRef.current();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const root = popover();
      const target = event.target;
      if (root && target instanceof Node && !root.contains(target) && !button.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      // The box's own autoFocus fires while the popup is still hidden (its opening animation) and
      // is lost in a browser: once it shows, the focus goes in.
      afterOpenChange={(visible) => {
        if (visible) {
          body.current?.querySelector<HTMLInputElement>('input[type="text"], input:not([type])')?.focus();
        }
      }}
      title={
        <Flex
          justify="space-between"
          align="center"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <Typography.Text strong>{t('route.setting_todo')}</Typography.Text>
          <LinkButton to="/wswt/setting/todo" type="link" size="small" onClickCapture={() => setOpen(false)}>
            {t('todo.open_page')}
          </LinkButton>
        </Flex>
      }
      content={
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the popover closes it
        <div
          ref={body}
          style={{ width: 340, maxHeight: 420, overflow: 'auto' }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          {Panel ? <Panel ticketId={ticketId} /> : <PageLoading />}
        </div>
      }
    >
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          ref={button}
          type="text"
          icon={todoIcon}
          aria-label={t('todo.button', { count })}
          aria-expanded={open}
        />
      </Badge>
    </Popover>
  );
});
