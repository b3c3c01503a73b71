import { DownOutlined } from '@ant-design/icons';
import type { TTicketView } from '@parley/contracts';
import { Flex } from 'antd';
import { useState } from 'react';
import { LightCard } from '../../../components/LightCard';
import { LightMenu } from '../../../components/LightMenu';
// Light (no Ant Design): antd's Skeleton is not in the list's first load.
import { Skeleton } from '../../../components/light/Result';
import { Text } from '../../../components/Text';
import { useTranslation } from '../../../i18n/useTranslation';
import { ViewCount } from './ViewCount';

// Made once: the same element from render to render is not drawn again.
const pickIcon = <DownOutlined aria-hidden />;

/**
 * The views beside the list (a menu), or above it on a narrow screen (a select). A click marks the
 * chosen view at once, while the list still shows the last one's rows until the new ones are in
 * (TicketListPage's `chooseView`): only this picker draws again meanwhile, not the list.
 */
export function ViewPicker({
  views,
  loading,
  selectedId,
  wide,
  onChoose,
}: {
  views: readonly TTicketView[];
  loading: boolean;
  /** The view whose rows the list shows. */
  selectedId: number | undefined;
  wide: boolean;
  onChoose: (viewId: number) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number>();
  const [shownFor, setShownFor] = useState(selectedId);
  if (shownFor !== selectedId) {
    // The list moved (to the chosen view, or elsewhere): the list's view is the one marked again.
    setShownFor(selectedId);
    setChosen(undefined);
  }
  const markedId = chosen ?? selectedId;
  const choose = (viewId: number) => {
    setChosen(viewId);
    onChoose(viewId);
  };

  if (!wide) {
    return (
      <span className="parley parley-native-select" style={{ width: '100%' }}>
        <select
          aria-label={t('ticket.views')}
          aria-busy={loading}
          value={markedId ?? ''}
          onChange={(event) => choose(Number(event.target.value))}
        >
          {views.map((v) => (
            <option key={v.view_id} value={v.view_id}>
              {`${v.title} (${v.count_estimated ? `${v.count}+` : v.count})`}
            </option>
          ))}
        </select>
        {pickIcon}
      </span>
    );
  }
  // Card's markup without its code: the list's first load does without it.
  return (
    <LightCard small title={t('ticket.views')} className="ticket-views-card" bodyStyle={{ padding: 4 }}>
      {loading ? (
        <Skeleton rows={5} />
      ) : (
        <LightMenu
          theme="light"
          style={{ borderInlineEnd: 'none' }}
          selectedKey={markedId !== undefined ? String(markedId) : null}
          onSelect={(key) => choose(Number(key))}
          items={views.map((v) => ({
            key: String(v.view_id),
            label: (
              <Flex justify="space-between" align="center" gap={8}>
                <Text ellipsis>{v.title}</Text>
                <ViewCount view={v} active={v.view_id === markedId} />
              </Flex>
            ),
          }))}
        />
      )}
    </LightCard>
  );
}
