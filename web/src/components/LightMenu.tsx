import {
  cloneElement,
  isValidElement,
  type KeyboardEvent,
  memo,
  type ReactElement,
  type ReactNode,
  useState,
} from 'react';

/** An entry of a LightMenu: an item, a group (a heading over items) or a sub-menu (opens in place). */
export interface TLightMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  type?: 'group';
  children?: TLightMenuItem[];
}

interface TLightMenuProps {
  items: TLightMenuItem[];
  theme: 'dark' | 'light';
  selectedKey?: string | null;
  defaultOpenKeys?: string[];
  onSelect: (key: string) => void;
  style?: React.CSSProperties;
}

const indent = 24;

/**
 * Each icon with Ant Design's class, made once per icon element: a new clone on every render made
 * every icon render again whenever the selection moved (on every page change, for the side menu).
 */
const classedIcons = new WeakMap<object, ReactElement>();
function menuIcon(icon: ReactNode): ReactElement | null {
  if (!isValidElement(icon)) {
    return null;
  }
  let classed = classedIcons.get(icon);
  if (!classed) {
    classed = cloneElement(icon as ReactElement<{ className?: string }>, { className: 'ant-menu-item-icon' });
    classedIcons.set(icon, classed);
  }
  return classed;
}

/**
 * Ant Design's inline Menu as its markup (issue 15): the side menu and the views beside the ticket
 * list. Its style sheet is built with the app (decision 0013), so it looks the same without rc-menu,
 * rc-trigger and rc-overflow in the staff shell's first load. Keyboard: one item in the tab order,
 * arrow keys move between the shown items, Home and End, Enter or Space opens an item or a
 * sub-menu, right and left arrows open and close a sub-menu. Memoised: it renders again only when
 * its items, selection or handler change, not with every page the side menu follows.
 */
export const LightMenu = memo(function LightMenu({
  items,
  theme,
  selectedKey,
  defaultOpenKeys = [],
  onSelect,
  style,
}: TLightMenuProps) {
  const [open, setOpen] = useState<string[]>(defaultOpenKeys);
  const toggle = (key: string, next = !open.includes(key)) =>
    setOpen((keys) => (next ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key)));
  const hasSelected = (item: TLightMenuItem): boolean =>
    item.key === selectedKey || (item.children ?? []).some(hasSelected);
  // The one entry reached with Tab: the selected one if shown, else the first.
  const shown: string[] = [];
  const collect = (list: TLightMenuItem[]) => {
    for (const item of list) {
      if (item.type === 'group') {
        collect(item.children ?? []);
      } else {
        shown.push(item.key);
        if (item.children && open.includes(item.key)) {
          collect(item.children);
        }
      }
    }
  };
  collect(items);
  const tabStop = selectedKey && shown.includes(selectedKey) ? selectedKey : shown[0];

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-key]')];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      entries[Math.max(0, Math.min(entries.length - 1, move))]?.focus();
    }
  };

  const render = (list: TLightMenuItem[], level: number): ReactNode =>
    list.map((item) => {
      // A list may ask for a smaller step (`--light-menu-indent`: the views beside a narrow list).
      const padding = { paddingLeft: `calc(var(--light-menu-indent, ${indent}px) * ${level})` };
      if (item.type === 'group') {
        return (
          <li key={item.key} role="presentation" className="ant-menu-item-group">
            {item.label !== null && (
              <div
                role="presentation"
                className="ant-menu-item-group-title"
                title={typeof item.label === 'string' ? item.label : undefined}
              >
                {item.label}
              </div>
            )}
            {/* biome-ignore lint/a11y/useSemanticElements: Ant Design's menu markup (its style sheet draws it) */}
            <ul role="group" className="ant-menu-item-group-list">
              {render(item.children ?? [], level)}
            </ul>
          </li>
        );
      }
      // Ant Design puts its class on the icon itself (antd's icons merge a className).
      const icon = menuIcon(item.icon);
      const tabIndex = item.key === tabStop ? 0 : -1;
      if (item.children) {
        const isOpen = open.includes(item.key);
        return (
          <li
            key={item.key}
            role="none"
            className={`ant-menu-submenu ant-menu-submenu-inline${isOpen ? ' ant-menu-submenu-open' : ''}${hasSelected(item) ? ' ant-menu-submenu-selected' : ''}`}
          >
            <div
              role="menuitem"
              className="ant-menu-submenu-title"
              aria-expanded={isOpen}
              aria-haspopup="true"
              style={padding}
              onClick={() => toggle(item.key)}
              onKeyDown={(event) => {
                const next = { Enter: !isOpen, ' ': !isOpen, ArrowRight: true, ArrowLeft: false }[event.key];
                if (next !== undefined) {
                  event.preventDefault();
                  toggle(item.key, next);
                }
              }}
              tabIndex={tabIndex}
              data-menu-key={item.key}
            >
              {icon}
              <span className="ant-menu-title-content">{item.label}</span>
              <i className="ant-menu-submenu-arrow" />
            </div>
            {isOpen && (
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: Ant Design's menu markup, an ARIA menu
              <ul className="ant-menu ant-menu-sub ant-menu-inline" role="menu">
                {render(item.children, level + 1)}
              </ul>
            )}
          </li>
        );
      }
      const selected = item.key === selectedKey;
      return (
        <li
          key={item.key}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: Ant Design's menu markup, an ARIA menu item
          role="menuitem"
          className={`ant-menu-item${selected ? ' ant-menu-item-selected' : ''}${icon ? '' : ' ant-menu-item-only-child'}`}
          aria-current={selected ? 'page' : undefined}
          style={padding}
          onClick={() => onSelect(item.key)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onSelect(item.key);
            }
          }}
          tabIndex={tabIndex}
          data-menu-key={item.key}
        >
          {icon}
          <span className="ant-menu-title-content">{item.label}</span>
        </li>
      );
    });

  return (
    <ul
      className={`ant-menu ant-menu-root ant-menu-inline ant-menu-${theme} parley ant-menu-css-var`}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: Ant Design's menu markup, an ARIA menu
      role="menu"
      style={style}
      onKeyDown={onKeyDown}
    >
      {render(items, 1)}
    </ul>
  );
});
