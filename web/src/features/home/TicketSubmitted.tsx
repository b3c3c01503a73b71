import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicResult } from './PublicResult';

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
        <Flex vertical align="center" gap={4} style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('home.ticket_number')}</Typography.Text>
          <Typography.Text strong copyable={{ text: String(ticketId) }} style={{ fontSize: 32, lineHeight: 1.3 }}>
            #{ticketId}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginTop: 12 }}>
            {t('home.submitted_text', { email })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('home.ticket_number_hint')}</Typography.Text>
        </Flex>
      }
      extra={
        <Button type="primary" onClick={onAnother}>
          {t('home.submit_another')}
        </Button>
      }
    />
  );
}
