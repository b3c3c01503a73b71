import { PaperClipOutlined } from '@ant-design/icons';
import type { TAttachment } from '@parley/contracts';
import { Flex, Image, Skeleton, Typography } from 'antd';
import { downloadAttachment, useAttachmentUrl } from './attachmentFiles';

/** Image types a browser shows itself; anything else is a download. */
const isPicture = (file: TAttachment) => /^image\/(png|jpe?g|gif|webp|bmp|avif)$/i.test(file.content_type);

function FileLink({ file }: { file: TAttachment }) {
  return (
    <Typography.Link onClick={() => void downloadAttachment(file.file_id, file.file_name)}>
      <PaperClipOutlined aria-hidden /> {file.file_name}
    </Typography.Link>
  );
}

/** A picture's thumbnail; opens larger. One that cannot be fetched stays a download link, never a blank box. */
function Thumbnail({ file }: { file: TAttachment }) {
  const url = useAttachmentUrl(file.file_id);
  if (url === undefined) {
    return <Skeleton.Image active style={{ width: 96, height: 72 }} />;
  }
  if (url === null) {
    return <FileLink file={file} />;
  }
  return (
    <Image
      src={url}
      alt={file.file_name}
      width={96}
      height={72}
      style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }}
      preview={{ mask: file.file_name }}
    />
  );
}

/**
 * A comment's attached files: pictures as thumbnails that open larger, the rest as download links
 * (buttons, not links: a download needs the session's header, see attachmentFiles).
 */
export function AttachmentList({ files }: { files: TAttachment[] }) {
  const pictures = files.filter(isPicture);
  const others = files.filter((f) => !isPicture(f));
  return (
    <Flex vertical gap={8}>
      {pictures.length > 0 && (
        <Image.PreviewGroup>
          <Flex gap={8} wrap data-testid="attachment-thumbnails">
            {pictures.map((file) => (
              <Thumbnail key={file.file_id} file={file} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {others.length > 0 && (
        <Flex gap="small" wrap>
          {others.map((file) => (
            <FileLink key={file.file_id} file={file} />
          ))}
        </Flex>
      )}
    </Flex>
  );
}
