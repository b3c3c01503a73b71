import { LockOutlined } from '@ant-design/icons';
import type { TTicketComment } from '@parley/contracts';
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LetterAvatar } from '../../../components/LetterAvatar';
import { useFormatTime } from '../../../components/useFormatTime';
import { AttachmentList } from '../composer/AttachmentList';
import { deferAttachmentImages, useAttachmentImages } from '../composer/attachmentFiles';
import { inlineImageIds } from '../composer/composerHtml';
import '../shared/ticket.css';

/** Internal notes sit on yellow, public replies on white, so that they are never confused. */
export const noteBackground = '#fffbe6';
const noteBorder = '#ffe58f';

// The same comment draws the same card: the ticket screen renders again as the settings, the other
// agents' presence or the window's width come in, and must not redraw 200 cards each time.
const CommentCard = memo(function CommentCard({ comment }: { comment: TTicketComment }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const note = !comment.is_public;
  // Images shown in the body are attachments too; listing them again below would repeat them.
  const inline = new Set(inlineImageIds(comment.body));
  const files = comment.attachments.filter((file) => !inline.has(file.file_id));
  const body = useRef<HTMLDivElement>(null);
  const html = useMemo(() => deferAttachmentImages(comment.body), [comment.body]);
  useAttachmentImages(body, html);
  return (
    <Card
      size="small"
      data-testid={note ? 'internal-note' : 'public-reply'}
      style={note ? { background: noteBackground, borderColor: noteBorder } : undefined}
      styles={{ body: { padding: '12px 16px' } }}
    >
      <Flex gap={12} align="flex-start">
        <LetterAvatar style={{ flex: 'none' }} letter={(comment.author_name || '?').charAt(0).toUpperCase()} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{comment.author_name || t('ticket.system')}</Typography.Text>
            {note ? (
              <Tag icon={<LockOutlined />} color="gold">
                {t('ticket.internal_note')}
              </Tag>
            ) : (
              <Tag color="blue">{t('ticket.public_reply')}</Tag>
            )}
            <Typography.Text type="secondary" style={{ marginInlineStart: 'auto', fontSize: 12 }}>
              {formatTime(comment.create_ts)}
            </Typography.Text>
          </Flex>
          <div
            ref={body}
            className="ticket-comment-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the contracts say `body` is HTML sanitized by the server with an allowlist
            dangerouslySetInnerHTML={{ __html: html }}
          />
          {files.length > 0 && <AttachmentList files={files} />}
        </Flex>
      </Flex>
    </Card>
  );
});

/** A ticket's comments, oldest first. */
export function Conversation({ comments, loading }: { comments: TTicketComment[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && !comments) {
    return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  }
  if (!comments || comments.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ticket.no_comments')} />;
  }
  return (
    <Flex vertical gap={12}>
      {comments.map((c) => (
        <CommentCard key={c.comment_id} comment={c} />
      ))}
    </Flex>
  );
}
