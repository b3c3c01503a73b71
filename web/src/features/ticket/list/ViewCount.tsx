import type { TTicketView } from '@parley/contracts';
import { Badge } from 'antd';

/** A view's ticket count; an estimate (views over 10,000 tickets) reads "10000+". */
export function ViewCount({ view, active = false }: { view: TTicketView; active?: boolean }) {
  return (
    <Badge
      count={view.count_estimated ? `${view.count}+` : view.count}
      showZero
      overflowCount={Number.MAX_SAFE_INTEGER}
      color={active ? 'blue' : '#d9d9d9'}
      style={active ? undefined : { color: 'rgba(0, 0, 0, 0.65)' }}
    />
  );
}
