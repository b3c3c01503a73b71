import { LoadingOutlined } from '@ant-design/icons';
import { escapeHtml } from '@parley/contracts';
import { type ClipboardEvent, type DragEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { antIcon } from '../../../components/antIcon';
import { Text } from '../../../components/Text';
import { useTranslation } from '../../../i18n/useTranslation';
import { editorToHtml } from './composerHtml';
import {
  boldOutlined,
  italicOutlined,
  orderedListOutlined,
  pictureOutlined,
  strikethroughOutlined,
  underlineOutlined,
  unorderedListOutlined,
} from './toolIconPaths';
import { announceInput, isImageFile } from './useInlineImages';
import '../shared/ticket.css';

/** Browsers still implement `execCommand` for contentEditable; it keeps the undo history intact. */
function exec(command: string, value?: string): boolean {
  try {
    return document.execCommand(command, false, value);
  } catch {
    return false;
  }
}

/** The caret or selection, when it is inside `editor`. */
function rangeIn(editor: HTMLElement | null): Range | null {
  const selection = window.getSelection();
  if (!editor || !selection || selection.rangeCount === 0) {
    return null;
  }
  const range = selection.getRangeAt(0);
  return editor.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
}

/** Inserts pasted markup at the caret, where `insertHTML` is not available. */
function insertAtCaret(editor: HTMLElement, html: string) {
  const range = rangeIn(editor);
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const nodes = Array.from(holder.childNodes);
  if (range) {
    range.deleteContents();
    for (const node of nodes.reverse()) {
      range.insertNode(node);
    }
  } else {
    editor.append(...nodes);
  }
  announceInput(editor);
}

/** Pasted plain text as markup: escaped (quotes too, which parse back to the same text), lines broken. */
const escapeText = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

// The toolbar's icons as Ant Design's icon markup (components/antIcon.tsx), made once.
const icons = {
  bold: antIcon('bold', boldOutlined),
  italic: antIcon('italic', italicOutlined),
  underline: antIcon('underline', underlineOutlined),
  strike: antIcon('strikethrough', strikethroughOutlined),
  bullets: antIcon('unordered-list', unorderedListOutlined),
  numbers: antIcon('ordered-list', orderedListOutlined),
  picture: antIcon('picture', pictureOutlined),
};

// biome-ignore lint/a11y/useSemanticElements: Divider's own markup (a div with the role), drawn by its style sheet
const divider = <div className="ant-divider parley ant-divider-vertical ant-divider-rail" role="separator" />;

// Ant Design's small text Button with an icon, as its markup (issue 15): the style sheet built with
// the app draws it (decision 0013); a text button has no click wave, and the composer is never in a
// disabled form. Seven of them were 70 fibers and seven sets of Button's hooks on every ticket; a
// plain function, with its icon as markup too, they are 35 (five elements each).
function toolButton(label: string, icon: ReactNode, onClick: () => void) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="ant-btn parley ant-btn-text ant-btn-color-default ant-btn-variant-text ant-btn-sm ant-btn-icon-only"
      // Keep the caret in the editor: the command applies to its selection.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <span className="ant-btn-icon">{icon}</span>
    </button>
  );
}

/**
 * A light rich-text editor (contentEditable): bold, italic, underline, strike, lists and inline
 * images. Pasted markup keeps its formatting but not its styles or foreign images; pasted or
 * dropped images go to `onImages`, other dropped files to `onFiles`.
 */
export function Composer({
  editorRef,
  label,
  placeholder,
  background,
  uploadingImages,
  allowImages,
  onImages,
  onFiles,
  onSubmit,
  invalid = false,
}: {
  editorRef: RefObject<HTMLDivElement | null>;
  label: string;
  placeholder: string;
  background?: string;
  uploadingImages: number;
  /** False while the ticket setting `can_attach` is off: images are refused by the server then. */
  allowImages: boolean;
  onImages: (files: File[], at: Range | null) => void;
  onFiles: (files: File[]) => void;
  /** Ctrl+Enter (Cmd+Enter) sends, as on the public form; Enter alone starts a new paragraph. */
  onSubmit?: () => void;
  /** The form refused what is in it (a required first comment left blank): drawn red, as an input. */
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const [empty, setEmpty] = useState(true);
  const picker = useRef<HTMLInputElement>(null);
  const pickAt = useRef<Range | null>(null);
  const command = (name: string) => () => {
    exec(name);
    if (editorRef.current) {
      announceInput(editorRef.current);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const images = Array.from(e.clipboardData.files).filter(isImageFile);
    e.preventDefault();
    if (allowImages && images.length > 0) {
      onImages(images, rangeIn(editorRef.current));
      return;
    }
    const html = e.clipboardData.getData('text/html');
    const clean = html
      ? editorToHtml(new DOMParser().parseFromString(html, 'text/html').body, { images: false })
      : escapeText(e.clipboardData.getData('text/plain'));
    if (clean !== '' && !exec('insertHTML', clean) && editorRef.current) {
      insertAtCaret(editorRef.current, clean);
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const files = Array.from(e.dataTransfer.files);
    if (files.length === 0 || !allowImages) {
      return;
    }
    e.preventDefault();
    const doc = document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
    onImages(files.filter(isImageFile), doc.caretRangeFromPoint?.(e.clientX, e.clientY) ?? rangeIn(editorRef.current));
    const others = files.filter((f) => !isImageFile(f));
    if (others.length > 0) {
      onFiles(others);
    }
  };

  return (
    <div
      className={invalid ? 'parley-composer is-invalid' : 'parley-composer'}
      style={background ? { background } : undefined}
    >
      {/* Flex's and Divider's markup (as the tool buttons) */}
      <div
        className="parley-composer-toolbar ant-flex parley ant-flex-wrap-wrap ant-flex-align-center"
        role="toolbar"
        aria-label={t('ticket.formatting')}
      >
        {toolButton(t('ticket.bold'), icons.bold, command('bold'))}
        {toolButton(t('ticket.italic'), icons.italic, command('italic'))}
        {toolButton(t('ticket.underline'), icons.underline, command('underline'))}
        {toolButton(t('ticket.strike'), icons.strike, command('strikeThrough'))}
        {divider}
        {toolButton(t('ticket.bullet_list'), icons.bullets, command('insertUnorderedList'))}
        {toolButton(t('ticket.numbered_list'), icons.numbers, command('insertOrderedList'))}
        {allowImages && (
          <>
            {divider}
            {toolButton(t('ticket.insert_image'), icons.picture, () => {
              pickAt.current = rangeIn(editorRef.current);
              picker.current?.click();
            })}
          </>
        )}
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          onChange={(e) => {
            onImages(Array.from(e.target.files ?? []), pickAt.current);
            e.target.value = '';
          }}
        />
        {uploadingImages > 0 && (
          <Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
            <LoadingOutlined aria-hidden /> {t('ticket.uploading_image')}
          </Text>
        )}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text (formatting, inline images) needs contentEditable, not a textarea */}
      <div
        ref={editorRef}
        className={empty ? 'parley-composer-editor is-empty' : 'parley-composer-editor'}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        data-placeholder={placeholder}
        onFocus={() => exec('defaultParagraphSeparator', 'p')}
        onInput={(e) => {
          const el = e.currentTarget;
          setEmpty(el.textContent?.trim() === '' && el.querySelector('img, li, .parley-composer-uploading') === null);
        }}
        onPaste={onPaste}
        onDrop={onDrop}
        onKeyDown={(e) => {
          if (onSubmit && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
    </div>
  );
}
