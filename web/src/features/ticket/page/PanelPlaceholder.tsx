import { LightCard } from '../../../components/LightCard';

/**
 * Where a part of the ticket screen comes in the pass after its first paint (the requester, the
 * properties, the composer): its card, its title and about its height, so the conversation beside
 * it keeps its width and the page its length. The real part replaces it a moment later.
 */
export function PanelPlaceholder({ title, height }: { title?: string; height: number }) {
  return (
    <LightCard
      title={title}
      small={title !== undefined}
      style={{ width: '100%', minHeight: height }}
      testId="panel-placeholder"
    />
  );
}
