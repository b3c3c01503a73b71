import { Spin } from 'antd';
import type { HTMLAttributes, Key, LiHTMLAttributes, ReactNode } from 'react';
import './plainList.css';

/**
 * A list of rows, drawn as Ant Design's small list (its `List` is deprecated in Ant Design 6 and
 * goes in the next major): a `<ul>` of `<li>` with a divider between rows, optionally bordered,
 * with a text while empty and a spinner while loading. What a row holds and does is the
 * caller's: a row that acts holds a button or a link, so the keyboard reaches it.
 */
export function PlainList<T>({
  items,
  itemKey,
  renderItem,
  empty,
  loading = false,
  bordered = false,
  itemProps,
  ...rest
}: {
  items: readonly T[];
  itemKey: (item: T, index: number) => Key;
  renderItem: (item: T, index: number) => ReactNode;
  empty?: ReactNode;
  loading?: boolean;
  bordered?: boolean;
  /** Attributes of one row's `<li>` (a role, a selected state, a click of a row that is an option). */
  itemProps?: (item: T, index: number) => LiHTMLAttributes<HTMLLIElement>;
} & Omit<HTMLAttributes<HTMLUListElement>, 'children'>) {
  const className = ['plain-list', bordered ? 'plain-list-bordered' : '', rest.className ?? '']
    .filter(Boolean)
    .join(' ');
  if (loading && items.length === 0) {
    return (
      <div className={className}>
        <div className="plain-list-empty">
          <Spin size="small" />
        </div>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={className}>
        <div className="plain-list-empty">{empty}</div>
      </div>
    );
  }
  return (
    <ul {...rest} className={className}>
      {items.map((item, i) => {
        const props = itemProps?.(item, i) ?? {};
        return (
          <li key={itemKey(item, i)} {...props} className={`plain-list-item ${props.className ?? ''}`.trim()}>
            {renderItem(item, i)}
          </li>
        );
      })}
    </ul>
  );
}
