import { LockOutlined } from '@ant-design/icons';
import type { TTicketComment } from '@parley/contracts';
import { Empty, Flex, Skeleton } from 'antd';
import { memo, useMemo, useRef } from 'react';
import { LetterAvatar } from '../../../components/LetterAvatar';
import { LightTag } from '../../../components/LightTag';
import { Text } from '../../../components/Text';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { AttachmentList } from '../composer/AttachmentList';
import { deferAttachmentImages, useAttachmentImages } from '../composer/attachmentFiles';
import { inlineImageIds } from '../composer/composerHtml';
import '../shared/ticket.css';

/** Internal notes sit on yellow, public replies on white, so that they are never confused. */
export const noteBackground = '#fffbe6';
const noteBorder = '#ffe58f';

// The same comment draws the same card: the ticket screen renders again as the settings, the other
// agents' presence or the window's width come in, and must not redraw 200 cards each time.
// The card is Ant Design's markup (Card, Flex, Typography's Text, Tag: their class names, drawn by the
// style sheet built with the app, decision 0013), not their components: each card drew 4 Ant Design
// components with their hooks (theme token, styles) and Typography's measuring of its two texts
// (a ResizeObserver each), 59 fibers a card, 1 ms a card at 4× CPU (issue 15).
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
    <div
      data-testid={note ? 'internal-note' : 'public-reply'}
      className="ant-card ant-card-bordered ant-card-small parley"
      style={note ? { background: noteBackground, borderColor: noteBorder } : undefined}
    >
      <div className="ant-card-body" style={{ padding: '12px 16px' }}>
        <div className="ant-flex parley ant-flex-align-flex-start" style={{ gap: 12 }}>
          <LetterAvatar style={{ flex: 'none' }} letter={(comment.author_name || '?').charAt(0).toUpperCase()} />
          <div
            className="ant-flex parley ant-flex-align-stretch ant-flex-vertical"
            style={{ minWidth: 0, gap: 4, flexGrow: 1, flexShrink: 1, flexBasis: '0%' }}
          >
            <div className="ant-flex parley ant-flex-wrap-wrap ant-flex-align-center" style={{ gap: 8 }}>
              <Text strong>{comment.author_name || t('ticket.system')}</Text>
              {note ? (
                <LightTag icon={<LockOutlined aria-hidden />} color="gold">
                  {t('ticket.internal_note')}
                </LightTag>
              ) : (
                <LightTag color="blue">{t('ticket.public_reply')}</LightTag>
              )}
              <Text type="secondary" style={{ marginInlineStart: 'auto', fontSize: 12 }}>
                {formatTime(comment.create_ts)}
              </Text>
            </div>
            <div
              ref={body}
              className="ticket-comment-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the contracts say `body` is HTML sanitized by the server with an allowlist
              dangerouslySetInnerHTML={{ __html: html }}
            />
            {files.length > 0 && <AttachmentList files={files} />}
          </div>
        </div>
      </div>
    </div>
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
