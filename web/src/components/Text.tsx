import type { CSSProperties, ReactNode } from 'react';

// Ant Design's Typography.Text and Title as their markup (issue 15): its style sheet is built with
// the app (decision 0013), so these look the same without Typography's code, which brings Input,
// TextArea and Tooltip (for copy, edit and ellipsis tips) into the staff shell's first load. Only
// what the shell and the ticket list use: the colour types, strong, and the one-line ellipsis.

type TTextType = 'secondary' | 'success' | 'warning' | 'danger';

interface TTextProps {
  children?: ReactNode;
  type?: TTextType;
  strong?: boolean;
  /** One line, cut with "…" (CSS: no tooltip). */
  ellipsis?: boolean;
  className?: string;
  style?: CSSProperties;
  title?: string;
  'data-testid'?: string;
}

function classes({ type, ellipsis, className }: Pick<TTextProps, 'type' | 'ellipsis' | 'className'>): string {
  return [
    'ant-typography',
    type && `ant-typography-${type}`,
    ellipsis && 'ant-typography-ellipsis ant-typography-ellipsis-single-line',
    className,
    'parley',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Typography.Text's markup as an element, without a component: for the cells of a list, drawn
 * once per row (each component is a React fiber made, committed and removed with the row).
 */
export function text({ children, type, strong, ellipsis, className, ...rest }: TTextProps) {
  return (
    <span className={classes({ type, ellipsis, className })} {...rest}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

/** Typography.Text's markup. */
export function Text(props: TTextProps) {
  return text(props);
}

/** Typography.Title's markup, level 3 (a screen's heading). */
/**
 * The page's title: its one h1 (a screen reader's way to the page's subject; levels were h3 then
 * h5), drawn at Ant Design's level-3 size as before.
 */
export function Title({ children, ellipsis, style }: Pick<TTextProps, 'children' | 'ellipsis' | 'style'>) {
  return (
    <h1 className={classes({ ellipsis })} style={{ ...titleSize, ...style }}>
      {children}
    </h1>
  );
}
const titleSize = { fontSize: 'var(--ant-font-size-heading-3)', lineHeight: 'var(--ant-line-height-heading-3)' };
