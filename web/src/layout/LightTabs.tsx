import { CloseOutlined } from '@ant-design/icons';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { onTabKey } from '../components/tabKeys';

export interface THeaderTabItem {
  key: string;
  label: ReactNode;
  icon: ReactNode;
  closable: boolean;
}

/** The header's tabs, as both tab bars (these and OverflowTabs) take them. */
export interface THeaderTabsProps {
  items: THeaderTabItem[];
  activeKey: string;
  label: string;
  /** The close buttons' name ("Close tab"), said with the tab's own. */
  closeLabel: string;
  onChange: (key: string) => void;
  onClose: (key: string) => void;
}

interface TLightTabsProps extends THeaderTabsProps {
  /** Loads what takes over when the tabs no longer fit (asked before `onOverflow`). */
  loadOverflow: () => Promise<unknown>;
  /** The tabs no longer fit: Ant Design's Tabs (with its "more" menu) takes over, at once. */
  onOverflow: () => void;
}

/**
 * Ant Design's small editable-card Tabs as their markup (issue 15), for the header's ticket tabs
 * while they fit: the style sheet is built with the app (decision 0013), so they look the same
 * without rc-tabs, rc-menu and rc-trigger in the shell's first load. Keyboard as Ant Design's:
 * arrows, Home and End move between tabs, Enter or Space opens one, Delete or Backspace closes it.
 */
export function LightTabs({
  items,
  activeKey,
  label,
  closeLabel,
  onChange,
  onClose,
  loadOverflow,
  onOverflow,
}: TLightTabsProps) {
  const ids = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // Whether the tabs no longer fit; read from the effects below, with the latest `onOverflow`.
  const check = useRef(() => {});
  const overflowing = () => {
    const outer = wrap.current;
    const inner = list.current;
    return !!outer && !!inner && inner.scrollWidth > outer.clientWidth + 1;
  };
  check.current = () => {
    // Confirmed a moment later: the switch to the "more" menu stays for the session, and a page
    // change can lay the header out narrower for a frame.
    if (overflowing()) {
      const moment = new Promise((resolve) => window.setTimeout(resolve, 300));
      // Swapped only with Ant Design's tabs loaded: never through a loading state.
      Promise.all([moment, loadOverflow()]).then(
        () => overflowing() && whenAway.current(),
        // Not loaded (the app was updated meanwhile): these tabs stay, scrolled by the browser.
        () => {},
      );
    }
  };
  // Not under the pointer nor a key's focus: the swap would take the tab a click or a key is
  // meant for (pressed on one tab and released on its successor is no click). Done when they
  // have left the tabs, if the tabs still do not fit.
  const waiting = useRef(false);
  const whenAway = useRef(() => {});
  whenAway.current = () => {
    const tabs = wrap.current?.closest<HTMLElement>('.parley-light-tabs');
    if (!tabs || waiting.current) {
      return;
    }
    if (!tabs.matches(':hover') && !tabs.querySelector(':focus-visible')) {
      onOverflow();
      return;
    }
    waiting.current = true;
    const retry = () => {
      tabs.removeEventListener('pointerleave', retry);
      tabs.removeEventListener('focusout', retry);
      waiting.current = false;
      // Once the focus has settled on its next element.
      window.setTimeout(() => check.current(), 0);
    };
    tabs.addEventListener('pointerleave', retry);
    tabs.addEventListener('focusout', retry);
  };
  // Measured when the browser has laid the header out anyway (a ResizeObserver reports each
  // observed box once at the start, then on every change of size): measuring in the render's
  // layout effect made the browser lay out the whole page once more on every render of the
  // shell, on every page change (issue 15).
  useEffect(() => {
    const outer = wrap.current;
    const inner = list.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(() => check.current());
    observer.observe(outer);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);
  // The tabs shrink within the list's width (styles.css), so a tab added no longer resizes it:
  // measured again when their number changes, once the browser lays them out.
  const count = items.length;
  useEffect(() => {
    if (count === 0) {
      return;
    }
    const frame = requestAnimationFrame(() => check.current());
    return () => cancelAnimationFrame(frame);
  }, [count]);

  const open = (key: string) => {
    if (key !== activeKey) {
      onChange(key);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const item = items[index];
    if (item) {
      onTabKey(event, index, list.current, () => open(item.key), item.closable ? () => onClose(item.key) : undefined);
    }
  };

  return (
    <div
      className="ant-tabs ant-tabs-top ant-tabs-editable ant-tabs-small ant-tabs-card ant-tabs-editable-card parley-header-tabs parley-light-tabs parley ant-tabs-css-var"
      style={{ flex: 1, minWidth: 0, alignSelf: 'flex-end' }}
    >
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="ant-tabs-nav"
        style={{ margin: 0 }}
      >
        <div className="ant-tabs-nav-wrap" ref={wrap}>
          <div className="ant-tabs-nav-list" ref={list}>
            {items.map((item, index) => {
              const active = item.key === activeKey;
              const tabId = `${ids}-${index}`;
              return (
                <div
                  key={item.key}
                  data-node-key={item.key}
                  className={`ant-tabs-tab${item.closable ? ' ant-tabs-tab-with-remove' : ''}${active ? ' ant-tabs-tab-active' : ''}`}
                >
                  <div
                    role="tab"
                    id={tabId}
                    aria-selected={active}
                    className="ant-tabs-tab-btn"
                    tabIndex={active ? 0 : -1}
                    onClick={() => open(item.key)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                  >
                    {/* The icon is decoration: the tab is named by its text alone. */}
                    <span className="ant-tabs-tab-icon" aria-hidden>
                      {item.icon}
                    </span>
                    {typeof item.label === 'string' ? <span>{item.label}</span> : item.label}
                  </div>
                  {item.closable && (
                    <button
                      type="button"
                      id={`${tabId}-close`}
                      aria-label={closeLabel}
                      // "Close tab" and which: the button's own label, then the tab's.
                      aria-labelledby={`${tabId}-close ${tabId}`}
                      tabIndex={active ? 0 : -1}
                      className="ant-tabs-tab-remove"
                      onClick={() => onClose(item.key)}
                    >
                      <CloseOutlined aria-hidden />
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
