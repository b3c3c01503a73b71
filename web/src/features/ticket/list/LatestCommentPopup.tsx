import { Popover, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { bodyPreview } from '../shared/commentHtml';
import { useTicketComments } from '../shared/queries';

/** The newest comment of a ticket as plain text: who wrote it, when, and its first lines. */
function Preview({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const comments = useTicketComments(ticketId);
  if (comments.isError) {
    return <Typography.Text type="danger">{t('ticket.preview_failed')}</Typography.Text>;
  }
  const latest = comments.data?.at(-1);
  if (!latest) {
    return comments.isPending ? <Skeleton active paragraph={{ rows: 2 }} title={false} /> : null;
  }
  return (
    <div style={{ maxWidth: 420 }} data-testid="latest-comment">
      <Typography.Text strong>{latest.author_name || t('ticket.system')}</Typography.Text>{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {latest.is_public ? t('ticket.public_reply') : t('ticket.internal_note')} · {formatTime(latest.create_ts)}
      </Typography.Text>
      <Typography.Paragraph ellipsis={{ rows: 6 }} style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
        {bodyPreview(latest.body)}
      </Typography.Paragraph>
    </div>
  );
}

/** The popover of LatestCommentPopover, loaded when the pointer first rests on a subject. */
export function LatestCommentPopup({
  ticketId,
  defaultOpen,
  children,
}: {
  ticketId: number;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  return (
    <Popover
      content={<Preview ticketId={ticketId} />}
      mouseEnterDelay={0.6}
      placement="bottomLeft"
      destroyOnHidden
      defaultOpen={defaultOpen}
    >
      {children}
    </Popover>
  );
}
