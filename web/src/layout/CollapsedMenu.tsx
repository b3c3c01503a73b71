import { Menu, type MenuProps } from 'antd';
import type { TLightMenuItem } from '../components/LightMenu';

const toAntd = (items: TLightMenuItem[]): Required<MenuProps>['items'] =>
  items.map((item) =>
    item.type === 'group'
      ? { type: 'group' as const, key: item.key, label: item.label, children: toAntd(item.children ?? []) }
      : { key: item.key, icon: item.icon, label: item.label, children: item.children && toAntd(item.children) },
  );

/** The side menu collapsed to its icons: Ant Design's Menu, its sub-menus as pop-ups. */
export function CollapsedMenu({
  items,
  selected,
  onSelect,
}: {
  items: TLightMenuItem[];
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  return (
    <Menu
      theme="dark"
      mode="inline"
      inlineCollapsed
      items={toAntd(items)}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => onSelect(key)}
    />
  );
}
