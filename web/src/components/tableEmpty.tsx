import { Empty } from 'antd';
import type { TFunction } from 'i18next';

/** A table's empty state: "nothing yet", or "nothing matches" when a search or filter is on. */
export function tableEmpty(t: TFunction, filtered: boolean, text?: string) {
  return {
    emptyText: (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filtered ? t('common.no_match') : (text ?? t('common.empty'))}
      />
    ),
  };
}
