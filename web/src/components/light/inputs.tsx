import { type InputHTMLAttributes, type TextareaHTMLAttributes, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Icon } from './Icon';
import { eyeInvisibleOutlined, eyeOutlined } from './iconPaths';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> & {
  size?: 'middle' | 'large';
  /** An icon before the text. */
  prefix?: readonly string[];
};

/** A text input; with `prefix`, an icon inside the box before the text. */
export function TextInput({ size = 'middle', prefix, className, ...props }: TInputProps) {
  const lg = size === 'large' ? ' pl-input-lg' : '';
  if (!prefix) {
    return <input {...props} className={`pl-input${lg} ${className ?? ''}`} />;
  }
  return (
    <span className={`pl-affix${lg}`}>
      <Icon paths={prefix} />
      <input {...props} />
    </span>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({ size = 'middle', prefix, ...props }: TInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className={`pl-affix${size === 'large' ? ' pl-input-lg' : ''}`}>
      {prefix && <Icon paths={prefix} />}
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="pl-affix-btn"
        aria-label={shown ? t('ui.hide_password') : t('ui.show_password')}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        <Icon paths={shown ? eyeOutlined : eyeInvisibleOutlined} />
      </button>
    </span>
  );
}

const lineHeight = 22;
const padding = 10;

/** A text box that grows with its text between `minRows` and `maxRows`, with an optional count. */
export function TextArea({
  minRows,
  maxRows,
  showCount = false,
  value,
  className,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & {
  value: string;
  minRows: number;
  maxRows: number;
  showCount?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) {
      return;
    }
    box.style.height = 'auto';
    const wanted = Math.min(
      Math.max(box.scrollHeight + 2, minRows * lineHeight + padding),
      maxRows * lineHeight + padding,
    );
    box.style.height = `${wanted}px`;
    box.style.overflowY = box.scrollHeight + 2 > wanted ? 'auto' : 'hidden';
  }, [value, minRows, maxRows]);
  return (
    <>
      <textarea
        {...props}
        ref={ref}
        value={value}
        rows={minRows}
        className={`pl-input ${className ?? ''}`}
        style={{ minHeight: minRows * lineHeight + padding }}
      />
      {showCount && (
        <div className="pl-count" aria-hidden="true">
          {value.length}
          {props.maxLength !== undefined ? ` / ${props.maxLength}` : ''}
        </div>
      )}
    </>
  );
}

/** A checkbox with its text beside it; a required one's text carries the mark a required label has. */
export function Checkbox({
  children,
  checked,
  onChange,
  required = false,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type' | 'required'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The mark only: unticked is a value too, so not the input's own `required` (which means ticked). */
  required?: boolean;
}) {
  return (
    <label className="pl-check" data-required={required || undefined}>
      <input {...props} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children !== undefined && <span>{children}</span>}
    </label>
  );
}
