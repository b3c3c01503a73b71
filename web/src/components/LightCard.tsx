import type { CSSProperties, ReactNode } from 'react';

/**
 * Ant Design's Card as its markup (its style sheet draws it, decision 0013): a card where Card's
 * code is not worth loading (the views beside the ticket list on its first load, the ticket
 * page's panels before they render). A body only when it has children.
 */
export function LightCard({
  title,
  small = false,
  className,
  style,
  bodyStyle,
  children,
  testId,
}: {
  title?: ReactNode;
  small?: boolean;
  className?: string;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={['ant-card', small && 'ant-card-small', 'parley', className].filter(Boolean).join(' ')}
      style={style}
      data-testid={testId}
    >
      {title !== undefined && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            <div className="ant-card-head-title">{title}</div>
          </div>
        </div>
      )}
      {children !== undefined && (
        <div className="ant-card-body" style={bodyStyle}>
          {children}
        </div>
      )}
    </div>
  );
}
