import { Button, LinkButton } from '../../components/light/Button';
import { useTranslation } from '../../i18n/useTranslation';
import { PublicResult } from './PublicResult';

/** A survey link without a valid token, or for a ticket that no longer exists. */
export function SurveyLinkInvalid() {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="warning"
      title={t('home.link_invalid_title')}
      subTitle={t('home.link_invalid_text')}
      extra={
        <LinkButton variant="primary" to="/">
          {t('home.new_ticket')}
        </LinkButton>
      }
    />
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
    <PublicResult
      status="error"
      title={t('home.load_failed_title')}
      subTitle={text}
      extra={
        <Button variant="primary" onClick={onRetry} loading={retrying}>
          {t('home.retry')}
        </Button>
      }
    />
  );
}

/** Ratings are turned off (Ticket settings): no form, and no pretending one would be kept. */
export function SurveyClosed() {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="warning"
      title={t('home.rating_closed_title')}
      subTitle={t('home.rating_closed_text')}
      extra={
        <LinkButton variant="primary" to="/">
          {t('home.new_ticket')}
        </LinkButton>
      }
    />
  );
}
