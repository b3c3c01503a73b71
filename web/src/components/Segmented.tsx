import { Segmented as AntdSegmented, type SegmentedProps } from 'antd';

/**
 * Ant Design's Segmented with one Tab stop. Its box is focusable too (tabIndex 0) besides its
 * options' radio buttons, and nothing shows the focus there: Tab stopped once on nothing, then on
 * the chosen option. Here the chosen option is the stop (the arrow keys move between options).
 */
export function Segmented<T>(props: SegmentedProps<T>) {
  return <AntdSegmented<T> tabIndex={-1} {...props} />;
}
