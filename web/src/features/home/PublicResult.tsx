import { Card, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { publicCardStyle } from '../../components/publicCardStyle';
import { ResultTitle } from '../../components/ResultTitle';

/** An outcome on the public pages (sent, rated, a broken link, a failed load) in the public card. */
export function PublicResult({
  status,
  title,
  subTitle,
  extra,
}: {
  status: ResultProps['status'];
  title: string;
  subTitle: ReactNode;
  extra: ReactNode;
}) {
  return (
    <Card style={publicCardStyle}>
      <Result status={status} title={<ResultTitle>{title}</ResultTitle>} subTitle={subTitle} extra={extra} />
    </Card>
  );
}
