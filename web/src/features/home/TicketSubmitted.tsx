import { useState } from 'react';
import { Button } from '../../components/light/Button';
import { Icon } from '../../components/light/Icon';
import { checkOutlined, copyOutlined } from '../../components/light/iconPaths';
import { useTranslation } from '../../i18n/useTranslation';
import { PublicResult } from './PublicResult';

/** The ticket number with a button that copies it. */
function TicketNumber({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(String(ticketId)).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    });
  };
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <strong style={{ fontSize: 32, lineHeight: 1.3, color: 'rgba(0, 0, 0, 0.88)' }}>#{ticketId}</strong>
      <button
        type="button"
        className="pl-affix-btn"
        style={{ fontSize: 16, color: 'var(--pl-primary)' }}
        aria-label={copied ? t('ui.copied') : t('ui.copy')}
        title={copied ? t('ui.copied') : t('ui.copy')}
        onClick={copy}
      >
        <Icon paths={copied ? checkOutlined : copyOutlined} />
      </button>
    </span>
  );
}

/** After sending: the ticket's number to quote, and the way back to a fresh form. */
export function TicketSubmitted({
  ticketId,
  email,
  onAnother,
}: {
  ticketId: number;
  email: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="success"
      title={t('home.submitted_title')}
      subTitle={
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, marginTop: 8 }}>
          <span>{t('home.ticket_number')}</span>
          <TicketNumber ticketId={ticketId} />
          <span style={{ marginTop: 12 }}>{t('home.submitted_text', { email })}</span>
          <span>{t('home.ticket_number_hint')}</span>
        </span>
      }
      extra={
        <Button variant="primary" onClick={onAnother}>
          {t('home.submit_another')}
        </Button>
      }
    />
  );
}
