import type { ReactNode } from 'react';
import { Result } from '../../components/light/Result';

/** An outcome on the public pages (sent, rated, a broken link, a failed load) in the public card. */
export function PublicResult({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'success' | 'warning' | 'error';
  title: string;
  subTitle: ReactNode;
  extra: ReactNode;
}) {
  return (
    <div className="pl-card">
      <Result status={status} title={title} subTitle={subTitle} extra={extra} />
    </div>
  );
}
