import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { ResultTitle } from '../../components/ResultTitle';
import { publicCardStyle } from './cardStyle';

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
    <Card style={publicCardStyle}>
      <Result
        status="success"
        title={<ResultTitle>{t('home.thanks_title')}</ResultTitle>}
        subTitle={t('home.thanks_text', { ticket: `#${ticketId}`, rating: t(`home.rating_${rating}`) })}
        extra={[
          <Button key="change" onClick={onChange}>
            {t('home.change_rating')}
          </Button>,
          <LinkButton key="new" type="primary" to="/">
            {t('home.new_ticket')}
          </LinkButton>,
        ]}
      />
    </Card>
  );
}
