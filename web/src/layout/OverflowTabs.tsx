import { Tabs } from 'antd';
import type { THeaderTabItem } from './LightTabs';

/** The header's ticket tabs as Ant Design's Tabs: what does not fit goes under its "more" menu. */
export function OverflowTabs({
  items,
  activeKey,
  label,
  onChange,
  onClose,
}: {
  items: THeaderTabItem[];
  activeKey: string;
  label: string;
  onChange: (key: string) => void;
  onClose: (key: string) => void;
}) {
  return (
    <Tabs
      className="parley-header-tabs"
      type="editable-card"
      hideAdd
      size="small"
      aria-label={label}
      activeKey={activeKey}
      items={items}
      tabBarStyle={{ margin: 0 }}
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
