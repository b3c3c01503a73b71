import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { ResultTitle } from '../../components/ResultTitle';
import { publicCardStyle } from './cardStyle';

/** A survey link without a valid token, or for a ticket that no longer exists. */
export function SurveyLinkInvalid() {
  const { t } = useTranslation();
  return (
    <Card style={publicCardStyle}>
      <Result
        status="warning"
        title={<ResultTitle>{t('home.link_invalid_title')}</ResultTitle>}
        subTitle={t('home.link_invalid_text')}
        extra={
          <LinkButton type="primary" to="/">
            {t('home.new_ticket')}
          </LinkButton>
        }
      />
    </Card>
  );
}

/** The survey could not be read (no connection, a server failure): say so and offer a retry. */
export function SurveyLoadFailed({
  text,
  retrying,
  onRetry,
}: {
  text: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card style={publicCardStyle}>
      <Result
        status="error"
        title={<ResultTitle>{t('home.load_failed_title')}</ResultTitle>}
        subTitle={text}
        extra={
          <Button type="primary" onClick={onRetry} loading={retrying}>
            {t('home.retry')}
          </Button>
        }
      />
    </Card>
  );
}
