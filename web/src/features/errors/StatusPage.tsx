import { Card, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { PublicFrame } from '../../components/PublicFrame';
import { ResultTitle } from '../../components/ResultTitle';
import { paths } from '../../routes/table';

export function StatusPage({
  status,
  title,
  text,
  home = paths.index,
}: {
  status: ResultProps['status'];
  title: string;
  text: string;
  /** Where "back" leads: the staff area by default; the public home for pages any visitor reaches. */
  home?: string;
}) {
  const { t } = useTranslation();
  return (
    <PublicFrame brandLink={home}>
      <Card style={{ width: '100%', maxWidth: 560 }}>
        <Result
          status={status}
          title={<ResultTitle>{title}</ResultTitle>}
          subTitle={text}
          extra={
            <LinkButton type="primary" to={home}>
              {t('status_page.back')}
            </LinkButton>
          }
        />
      </Card>
    </PublicFrame>
  );
}
