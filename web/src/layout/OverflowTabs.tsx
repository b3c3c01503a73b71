import { Tabs } from 'antd';
import { onTabKey } from '../components/tabKeys';
import type { THeaderTabsProps } from './LightTabs';

/**
 * The header's ticket tabs as Ant Design's Tabs: what does not fit goes under its "more" menu. The
 * list's tab (the first, not closable) stays in view before them: Ant Design scrolls the tab bar to
 * the open ticket, and the way back to the list scrolled away with it.
 */
export function OverflowTabs(props: THeaderTabsProps) {
  const { items, activeKey, label, closeLabel, onChange, onClose } = props;
  const [first, ...rest] = items;
  const pinned = first && !first.closable ? first : null;
  const pinnedActive = pinned !== null && pinned.key === activeKey;
  const open = () => {
    if (pinned && !pinnedActive) {
      onChange(pinned.key);
    }
  };
  return (
    <Tabs
      className="parley-header-tabs"
      type="editable-card"
      hideAdd
      size="small"
      aria-label={label}
      // Ant Design names every close button alike ("remove" unless told): "Close tab" at least.
      locale={{ removeAriaLabel: closeLabel }}
      activeKey={activeKey}
      items={pinned ? rest : items}
      tabBarStyle={{ margin: 0 }}
      tabBarExtraContent={
        pinned
          ? {
              left: (
                <div role="tablist" aria-label={label} className="ant-tabs-nav-list" style={{ marginInlineEnd: 2 }}>
                  <div className={`ant-tabs-tab${pinnedActive ? ' ant-tabs-tab-active' : ''}`}>
                    <div
                      role="tab"
                      aria-selected={pinnedActive}
                      tabIndex={0}
                      className="ant-tabs-tab-btn"
                      onClick={open}
                      onKeyDown={(event) => onTabKey(event, 0, null, open)}
                    >
                      <span className="ant-tabs-tab-icon" aria-hidden>
                        {pinned.icon}
                      </span>
                      <span>{pinned.label}</span>
                    </div>
                  </div>
                </div>
              ),
            }
          : undefined
      }
      style={{ flex: 1, minWidth: 0, alignSelf: 'flex-end' }}
      onChange={onChange}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') {
          onClose(key);
        }
      }}
    />
  );
}
