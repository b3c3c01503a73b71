import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../components/light/Button';
import { PublicResult } from './PublicResult';

/** After rating: thanks, and a way to change the rating (the server keeps the last one). */
export function SatisfactionThanks({
  ticketId,
  rating,
  onChange,
}: {
  ticketId: number;
  rating: 'good' | 'bad';
  onChange: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="success"
      title={t('home.thanks_title')}
      subTitle={t('home.thanks_text', { ticket: `#${ticketId}`, rating: t(`home.rating_${rating}`) })}
      extra={[
        <Button key="change" onClick={onChange}>
          {t('home.change_rating')}
        </Button>,
        <LinkButton key="new" variant="primary" to="/">
          {t('home.new_ticket')}
        </LinkButton>,
      ]}
    />
  );
}
