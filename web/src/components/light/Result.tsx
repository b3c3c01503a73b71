import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { checkCircleFilled, closeCircleFilled, exclamationCircleFilled } from './statusIconPaths';

const icons = { success: checkCircleFilled, warning: exclamationCircleFilled, error: closeCircleFilled } as const;

/** An outcome (sent, rated, a broken link, a failed load): icon, the page's heading, text, actions. */
export function Result({
  status,
  title,
  subTitle,
  extra,
}: {
  status: keyof typeof icons;
  title: string;
  subTitle: ReactNode;
  extra: ReactNode;
}) {
  return (
    <div className={`pl-result pl-result-${status}`}>
      <div className="pl-result-icon">
        <Icon paths={icons[status]} />
      </div>
      <h1>{title}</h1>
      <div className="pl-result-sub">{subTitle}</div>
      <div className="pl-result-extra">{extra}</div>
    </div>
  );
}

/** Grey bars while a card's content loads. */
export function Skeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="pl-skeleton" aria-hidden="true">
      {Array.from({ length: rows + 1 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder bars
        <div key={i} />
      ))}
    </div>
  );
}
