import { useState } from 'react';
import { Button, LinkButton } from '../../components/light/Button';
import { useTranslation } from '../../i18n/useTranslation';
import { PublicResult } from './PublicResult';
import { SatisfactionWhy } from './SatisfactionWhy';

/**
 * After rating: thanks, and a way to change the rating (the server keeps the last one). A Bad
 * rating that came without a comment (the mail's one-click link) asks what went wrong.
 */
export function SatisfactionThanks({
  token,
  ticketId,
  rating,
  comment,
  onChange,
  onCommented,
}: {
  token: string;
  ticketId: number;
  rating: 'good' | 'bad';
  comment: string;
  onChange: () => void;
  onCommented: (comment: string) => void;
}) {
  const { t } = useTranslation();
  // Decided once: the box stays (and says "saved") after the comment it asked for is sent.
  const [askWhy] = useState(rating === 'bad' && comment.trim() === '');
  return (
    <PublicResult
      status="success"
      title={t('home.thanks_title')}
      subTitle={
        <>
          {t('home.thanks_text', { ticket: `#${ticketId}`, rating: t(`home.rating_${rating}`) })}
          {askWhy && <SatisfactionWhy token={token} onSaved={onCommented} />}
        </>
      }
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
