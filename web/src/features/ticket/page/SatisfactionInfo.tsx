import type { TTicket } from '@parley/contracts';
import { App, Button, Flex, Tag, Typography } from 'antd';
import { useEnum } from '../../../components/enumOptions';
import { text } from '../../../components/Text';
import { useTranslation } from '../../../i18n/useTranslation';

// Its texts are Typography.Text's markup (components/Text.tsx): each Typography.Text was ~10
// fibers with a ResizeObserver, on every ticket (issue 15).

/**
 * The customer's rating of a solved ticket and their comment; while none came, whether the survey
 * was offered, with its link for the agent to pass on.
 */
export function SatisfactionInfo({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const labels = useEnum('satisfaction');
  const rated = ticket.satisfaction === 'good' || ticket.satisfaction === 'bad';
  const surveyUrl = ticket.satisfaction_url ? new URL(ticket.satisfaction_url, window.location.origin).href : null;
  return (
    <Flex vertical gap={4} data-testid="satisfaction">
      {text({ type: 'secondary', children: t('ticket.satisfaction') })}
      {rated ? (
        <>
          <span>
            <Tag color={ticket.satisfaction === 'good' ? 'success' : 'error'}>{labels.label(ticket.satisfaction)}</Tag>
          </span>
          {ticket.satisfaction_comment && (
            <Typography.Paragraph style={{ margin: 0 }}>“{ticket.satisfaction_comment}”</Typography.Paragraph>
          )}
        </>
      ) : surveyUrl ? (
        <Flex vertical gap={4} align="flex-start">
          {text({ children: t('ticket.satisfaction_waiting') })}
          <Button
            size="small"
            onClick={() => {
              void navigator.clipboard
                ?.writeText(surveyUrl)
                .then(() => message.success(t('ticket.survey_link_copied')))
                .catch(() => message.info(surveyUrl));
            }}
          >
            {t('ticket.copy_survey_link')}
          </Button>
        </Flex>
      ) : (
        text({ type: 'secondary', children: t('ticket.satisfaction_not_offered') })
      )}
    </Flex>
  );
}
