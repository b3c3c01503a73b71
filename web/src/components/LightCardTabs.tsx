import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { onTabKey } from './tabKeys';

/**
 * Ant Design's borderless Card with tabs in its head (`tabList`), as its markup (issue 15): drawn by
 * the style sheet built with the app (decision 0013), without rc-tabs. rc-tabs measured every tab
 * with getBoundingClientRect in a layout effect to place the ink bar, which made the browser lay
 * out the whole ticket page once more before its first paint; here the ink bar sits in the active
 * tab (same place and width: the bar spans the tab, which spans its label and padding). Keyboard
 * as Ant Design's: arrows, Home and End move between tabs, Enter or Space opens one.
 */
export function LightCardTabs<K extends string>({
  items,
  activeKey,
  onChange,
  children,
}: {
  items: { key: K; label: ReactNode }[];
  activeKey: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const item = items[index];
    if (item) {
      onTabKey(event, index, list.current, () => item.key !== activeKey && onChange(item.key));
    }
  };
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;
  return (
    <div className="ant-card ant-card-contain-tabs parley parley-light-card-tabs">
      <div className="ant-card-head">
        <div className="ant-card-head-wrapper" />
        <div className="ant-tabs ant-tabs-top ant-tabs-large ant-card-head-tabs parley ant-tabs-css-var">
          <div role="tablist" aria-orientation="horizontal" className="ant-tabs-nav">
            <div className="ant-tabs-nav-wrap">
              <div className="ant-tabs-nav-list" ref={list}>
                {items.map((item, index) => {
                  const active = item.key === activeKey;
                  return (
                    <div
                      key={item.key}
                      data-node-key={item.key}
                      className={`ant-tabs-tab${active ? ' ant-tabs-tab-active' : ''}`}
                    >
                      <div
                        role="tab"
                        id={tabId(item.key)}
                        aria-selected={active}
                        aria-controls={active ? panelId : undefined}
                        className="ant-tabs-tab-btn"
                        tabIndex={active ? 0 : -1}
                        onClick={() => {
                          if (!active) {
                            onChange(item.key);
                          }
                        }}
                        onKeyDown={(event) => onKeyDown(event, index)}
                      >
                        {item.label}
                      </div>
                      {active && (
                        <div className="ant-tabs-ink-bar" style={{ left: 0, width: '100%', pointerEvents: 'none' }} />
                      )}
                    </div>
                  );
                })}
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="ant-card-body" role="tabpanel" id={panelId} aria-labelledby={tabId(activeKey)}>
        {children}
      </div>
    </div>
  );
}
