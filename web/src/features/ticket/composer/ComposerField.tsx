import { PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload } from 'antd';
import { type RefObject, useRef } from 'react';
import { ticketApi } from '../../../api/ticket';
import { useUploadList } from '../../../components/useUploadList';
import { translateMessage } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { Composer } from './Composer';
import { editorToHtml, inlineImageIds, isBlankHtml } from './composerHtml';
import { announceInput, useInlineImages } from './useInlineImages';

/** What the form reads from a composer field when it submits. */
export interface TComposerField {
  /** The body as the server takes it ('' when blank), and the ids of its files and inline images. */
  read(): { body: string; fileIds: string[] };
  /** True while a file or image is still uploading: the form must wait. */
  isUploading(): boolean;
  /** Empties the editor and the file list (after sending). */
  clear(): void;
}

/**
 * The rich composer with attachments as a form field: the same editor, pasted images and files as
 * a reply's, for a new ticket's first comment. `onChange` gets the HTML so the form can check it
 * is not blank; `field` is how the form reads the body and files when it submits.
 */
export function ComposerField({
  field,
  label,
  placeholder,
  canAttach,
  onChange,
  onSubmit,
  id,
  editorRef,
  background,
  invalid,
}: {
  field: RefObject<TComposerField | null>;
  /** The editor element, when the caller needs it too (drafts). */
  editorRef?: RefObject<HTMLDivElement | null>;
  background?: string | undefined;
  label: string;
  placeholder: string;
  canAttach: boolean;
  onChange?: (html: string) => void;
  onSubmit?: () => void;
  id?: string;
  /** Drawn red: the form refused the field (see `Composer`). */
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ownEditor = useRef<HTMLDivElement>(null);
  const editor = editorRef ?? ownEditor;
  const attachments = useUploadList(ticketApi.upload);
  const images = useInlineImages(editor, attachments.isUploading);
  field.current = {
    read: () => {
      const html = editor.current ? editorToHtml(editor.current) : '';
      const body = isBlankHtml(html) ? '' : html;
      return { body, fileIds: [...new Set([...attachments.fileIds(), ...inlineImageIds(body)])] };
    },
    isUploading: () => attachments.isUploading() || images.isUploading(),
    clear: () => {
      if (editor.current) {
        editor.current.innerHTML = '';
        announceInput(editor.current);
      }
      attachments.clear();
    },
  };
  const attach = (files: File[]) => {
    if (images.isUploading()) {
      void message.warning(translateMessage('upload_in_progress'));
      return;
    }
    void attachments.add(files);
  };
  return (
    <Flex vertical gap={12} id={id}>
      <div
        onInput={() => {
          if (editor.current) {
            onChange?.(editorToHtml(editor.current));
          }
        }}
      >
        <Composer
          editorRef={editor}
          label={label}
          placeholder={placeholder}
          background={background}
          uploadingImages={images.pending}
          allowImages={canAttach}
          onImages={(files, at) => void images.add(files, at)}
          onFiles={attach}
          {...(onSubmit ? { onSubmit } : {})}
          {...(invalid ? { invalid } : {})}
        />
      </div>
      {canAttach && (
        <Upload
          fileList={attachments.files}
          multiple
          // Called once for each file chosen, with all of them: they are taken together, at the first.
          beforeUpload={(file, chosen) => {
            if (file.uid === chosen[0]?.uid) {
              attach(chosen);
            }
            return Upload.LIST_IGNORE;
          }}
          onRemove={(file) => {
            moveFocusFromRemoved(document.activeElement);
            attachments.remove(file.uid);
          }}
        >
          <Button icon={<PaperClipOutlined aria-hidden />}>{t('ticket.attach')}</Button>
        </Upload>
      )}
    </Flex>
  );
}

/**
 * "Remove file" pressed: its button goes with the file, and the focus with it to the page. It goes
 * to the next file's remove button instead (the previous one after the last), else to "Attach".
 */
function moveFocusFromRemoved(pressed: Element | null) {
  const upload = pressed?.closest('.ant-upload-wrapper');
  if (!(pressed instanceof HTMLElement) || !upload) {
    return;
  }
  const buttons = [...upload.querySelectorAll<HTMLElement>('.ant-upload-list-item-actions button')];
  const at = buttons.indexOf(pressed);
  if (at < 0) {
    return;
  }
  const next = buttons[at + 1] ?? buttons[at - 1] ?? upload.querySelector<HTMLElement>('.ant-upload button');
  next?.focus();
}
