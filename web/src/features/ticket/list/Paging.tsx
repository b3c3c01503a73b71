import { DoubleLeftOutlined, DoubleRightOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { listPageSizes } from '@parley/contracts';
import type { TablePaginationConfig } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useAntdLocale } from './antdLocale';

// Icons made once: the same elements from render to render are not drawn again (this renders with
// every page and sort of the list).
const prevIcon = <LeftOutlined aria-hidden />;
const nextIcon = <RightOutlined aria-hidden />;
const prev5Icon = <DoubleLeftOutlined aria-hidden className="ant-pagination-item-link-icon" />;
const next5Icon = <DoubleRightOutlined aria-hidden className="ant-pagination-item-link-icon" />;
const sizeIcon = <DownOutlined aria-hidden />;

/**
 * The pages a pager shows, as Ant Design's pagination does: all of them up to 7, else the first,
 * the last, two on each side of the current one, and a jump of five where pages are left out.
 */
export function pageItems(current: number, pages: number): Array<number | 'prev5' | 'next5'> {
  if (pages <= 7) {
    return Array.from({ length: pages }, (_, i) => i + 1);
  }
  let left = Math.max(1, current - 2);
  let right = Math.min(pages, current + 2);
  if (current - 1 <= 2) {
    right = 5;
  }
  if (pages - current <= 2) {
    left = pages - 4;
  }
  const items: Array<number | 'prev5' | 'next5'> = [];
  for (let page = left; page <= right; page++) {
    items.push(page);
  }
  if (current - 1 >= 4 && current !== 3) {
    items.unshift('prev5');
  }
  if (pages - current >= 4 && current !== pages - 2) {
    items.push('next5');
  }
  if (left !== 1) {
    items.unshift(1);
  }
  if (right !== pages) {
    items.push(pages);
  }
  return items;
}

/** A list item that acts on a click or Enter, as Ant Design's pager items do. */
function Item({
  className,
  title,
  disabled = false,
  current = false,
  onGo,
  children,
}: {
  className: string;
  title: string;
  disabled?: boolean;
  current?: boolean;
  onGo: () => void;
  children: ReactNode;
}) {
  return (
    <li
      title={title}
      className={`${className}${disabled ? ' ant-pagination-disabled' : ''}`}
      tabIndex={disabled ? undefined : 0}
      aria-disabled={disabled}
      aria-current={current ? 'page' : undefined}
      onClick={disabled ? undefined : onGo}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' && !disabled) {
          event.preventDefault();
          event.stopPropagation();
          onGo();
        }
      }}
    >
      {children}
    </li>
  );
}

/** The pager under a ListTable, in Ant Design's small pagination's look; the page size is a native select. */
export function Paging({ config }: { config: TablePaginationConfig }) {
  const texts = useAntdLocale().Pagination;
  const total = config.total ?? 0;
  if (total <= 0) {
    return null;
  }
  const size = config.pageSize ?? 10;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, config.current ?? 1), pages);
  if (config.hideOnSinglePage && pages <= 1) {
    return null;
  }
  const go = (page: number, nextSize = size) => config.onChange?.(page, nextSize);
  const from = (current - 1) * size + 1;
  const sizes = (config.pageSizeOptions ?? listPageSizes).map(Number);
  const showSizes = config.showSizeChanger ?? total > 50;

  return (
    <ul className="ant-pagination ant-pagination-small ant-pagination-mini ant-table-pagination ant-table-pagination-end parley">
      {config.showTotal && (
        <li className="ant-pagination-total-text">
          {config.showTotal(total, [from, Math.min(total, current * size)])}
        </li>
      )}
      <Item
        className="ant-pagination-prev"
        title={texts?.prev_page ?? 'Previous Page'}
        disabled={current <= 1}
        onGo={() => go(current - 1)}
      >
        <button className="ant-pagination-item-link" type="button" tabIndex={-1} disabled={current <= 1}>
          {prevIcon}
        </button>
      </Item>
      {pageItems(current, pages).map((item) =>
        typeof item === 'number' ? (
          <Item
            key={item}
            className={`ant-pagination-item ant-pagination-item-${item}${item === current ? ' ant-pagination-item-active' : ''}`}
            title={String(item)}
            current={item === current}
            onGo={() => go(item)}
          >
            {/* biome-ignore lint/a11y/useValidAnchor: Ant Design's pager markup (its style sheet draws the item's anchor); the item takes the click and Enter */}
            <a rel="nofollow">{item}</a>
          </Item>
        ) : (
          <Item
            key={item}
            className={`ant-pagination-jump-${item === 'prev5' ? 'prev' : 'next'} ant-pagination-jump-${item === 'prev5' ? 'prev' : 'next'}-custom-icon`}
            title={(item === 'prev5' ? texts?.prev_5 : texts?.next_5) ?? ''}
            onGo={() => go(item === 'prev5' ? Math.max(1, current - 5) : Math.min(pages, current + 5))}
          >
            {/* biome-ignore lint/a11y/useValidAnchor: as above */}
            <a className="ant-pagination-item-link">
              <div className="ant-pagination-item-container">
                {item === 'prev5' ? prev5Icon : next5Icon}
                <span className="ant-pagination-item-ellipsis">•••</span>
              </div>
            </a>
          </Item>
        ),
      )}
      <Item
        className="ant-pagination-next"
        title={texts?.next_page ?? 'Next Page'}
        disabled={current >= pages}
        onGo={() => go(current + 1)}
      >
        <button className="ant-pagination-item-link" type="button" tabIndex={-1} disabled={current >= pages}>
          {nextIcon}
        </button>
      </Item>
      {showSizes && (
        <li className="ant-pagination-options">
          <span className="parley-native-select is-small">
            <select
              aria-label={texts?.page_size ?? 'Page Size'}
              value={size}
              onChange={(event) => {
                const next = Number(event.target.value);
                // As Ant Design's pager: the same page, or the last there is at the new size.
                go(Math.min(current, Math.max(1, Math.ceil(total / next))), next);
              }}
            >
              {sizes.map((option) => (
                <option key={option} value={option}>
                  {option} {texts?.items_per_page ?? '/ page'}
                </option>
              ))}
            </select>
            {sizeIcon}
          </span>
        </li>
      )}
    </ul>
  );
}
