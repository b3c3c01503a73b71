/**
 * Where a part of the ticket screen comes in the pass after its first paint (the requester, the
 * properties, the composer): its card, its title and about its height, so the conversation beside
 * it keeps its width and the page its length. Ant Design's Card as its markup (no component: the
 * point is to cost nothing). The real part replaces it a moment later.
 */
export function PanelPlaceholder({ title, height }: { title?: string; height: number }) {
  return (
    <div
      className={`ant-card parley${title ? ' ant-card-small' : ''}`}
      style={{ width: '100%', minHeight: height }}
      data-testid="panel-placeholder"
    >
      {title && (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            <div className="ant-card-head-title">{title}</div>
          </div>
        </div>
      )}
    </div>
  );
}
