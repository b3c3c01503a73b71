import type { TTicketView } from '@parley/contracts';

/**
 * A view's ticket count; an estimate (views over 10,000 tickets) reads "10000+". Ant Design's
 * Badge's markup (its style sheet draws it) without its code: the count never animates here.
 */
export function ViewCount({ view, active = false }: { view: TTicketView; active?: boolean }) {
  const count = view.count_estimated ? `${view.count}+` : String(view.count);
  return (
    <span className="ant-badge ant-badge-not-a-wrapper parley">
      <sup
        data-show="true"
        title={count}
        className={`ant-scroll-number ant-badge-count${count.length > 1 ? ' ant-badge-multiple-words' : ''}${active ? ' ant-badge-color-blue' : ''}`}
        style={active ? undefined : { color: 'rgba(0, 0, 0, 0.65)', background: '#d9d9d9' }}
      >
        {count}
      </sup>
    </span>
  );
}
