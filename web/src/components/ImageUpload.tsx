import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { TUploadResponse } from '@parley/contracts';
import { extensionsOf } from '@parley/contracts';
import { App, Avatar, Button, Flex, Typography, Upload } from 'antd';
import ImgCrop from 'antd-img-crop';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/errors';
import type { TOpts } from '../api/types';
import { translateMessage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { checkImage, imageSize, scaleToFit, type TImageRule } from './imageCheck';

/**
 * An image field (avatar, favicon, ad image): checks the file against the server's rule in the
 * browser, uploads it, and sets the field to the path the server answers. One upload at a time.
 */
export function ImageUpload({
  value,
  onChange,
  id,
  rule,
  upload,
  hint,
  shape = 'square',
  fallback,
  onBusyChange,
  disabled,
  crop,
}: {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
  rule: TImageRule;
  upload: (file: File, opts: TOpts) => Promise<TUploadResponse>;
  hint?: ReactNode;
  shape?: 'circle' | 'square' | 'wide';
  /** Shown in the preview when there is no image (an avatar's initial). */
  fallback?: ReactNode;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  /**
   * A picture too large for the rule is offered for cropping to this aspect and then scaled so
   * that neither side exceeds `maxSide`, instead of being refused (avatars).
   */
  crop?: { aspect: number; maxSide: number };
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const take = async (file: File) => {
    if (busy) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    const fitted = crop ? await scaleToFit(file, crop.maxSide) : file;
    const wrong = await checkImage(fitted, rule);
    if (wrong) {
      setProblem(translateMessage(wrong));
      return;
    }
    setProblem(null);
    setBusy(true);
    onBusyChange?.(true);
    try {
      const uploaded = await upload(fitted, { silent: ['FFFF'] });
      onChange?.(uploaded.url);
    } catch (error) {
      // A refused file (FFFF) is shown here; other failures were already toasted by the client.
      if (isApiError(error) && error.code === 'FFFF') {
        setProblem(error.message);
      }
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  const preview =
    shape === 'wide' ? (
      value ? (
        <img
          src={value}
          alt=""
          style={{ maxWidth: 320, maxHeight: 120, borderRadius: 8, border: '1px solid #f0f0f0' }}
        />
      ) : null
    ) : (
      <Avatar
        size={64}
        shape={shape}
        src={value || undefined}
        style={{ background: value ? '#fff' : '#1668dc', fontSize: 26, flex: 'none' }}
      >
        {fallback}
      </Avatar>
    );

  const picker = (
    <Upload
      accept={extensionsOf(rule.types)
        .map((e) => `.${e}`)
        .join(',')}
      showUploadList={false}
      disabled={disabled || busy}
      beforeUpload={(file) => {
        void take(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined aria-hidden />} loading={busy} disabled={disabled}>
        {value ? t('upload.replace') : t('common.upload')}
      </Button>
    </Upload>
  );

  return (
    <Flex vertical gap={8} id={id}>
      <Flex align="center" gap={16} wrap>
        {preview}
        <Flex gap={8} wrap>
          {crop ? (
            <ImgCrop
              aspect={crop.aspect}
              // Only a picture too large is cropped; one that fits goes up as it is.
              beforeCrop={async (file) => {
                const size = await imageSize(file);
                return size !== null && !rule.fits(size.width, size.height);
              }}
              modalTitle={t('upload.crop_title')}
              modalOk={t('upload.crop_ok')}
              modalCancel={t('common.cancel')}
              showReset
              resetText={t('upload.crop_reset')}
            >
              {picker}
            </ImgCrop>
          ) : (
            picker
          )}
          {value && (
            <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.('')} disabled={disabled || busy}>
              {t('common.remove')}
            </Button>
          )}
        </Flex>
      </Flex>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
