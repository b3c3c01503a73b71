import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Icon } from './Icon';
import { checkOutlined, closeOutlined, downOutlined } from './iconPaths';
import { closeCircleFilled } from './statusIconPaths';

export interface TOption {
  value: string;
  label: string;
}

/**
 * A drop-down of our own (a combobox and its listbox): opens with the mouse, Enter, Space or the
 * arrow keys; arrows move, Enter or a click chooses, Escape closes, Backspace clears, a letter
 * jumps to the next option starting with it. `multiple` keeps the list open and toggles options.
 */
export function Select({
  id,
  label,
  options,
  value,
  onChange,
  multiple = false,
  invalid = false,
  describedBy,
  placeholder,
}: {
  id: string;
  label: string;
  options: readonly TOption[];
  value: string | string[] | null;
  onChange: (value: string | string[] | null) => void;
  multiple?: boolean;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const chosen = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;

  useEffect(() => {
    if (!open) {
      return;
    }
    // A field near the bottom of a phone's screen would open its list below the screen.
    list.current?.scrollIntoView({ block: 'nearest' });
    const close = (event: MouseEvent) => {
      if (!box.current?.parentElement?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const show = () => {
    const first = options.findIndex((o) => chosen.includes(o.value));
    setActive(Math.max(first, 0));
    setOpen(true);
  };
  const choose = (option: TOption | undefined) => {
    if (!option) {
      return;
    }
    if (multiple) {
      onChange(chosen.includes(option.value) ? chosen.filter((v) => v !== option.value) : [...chosen, option.value]);
    } else {
      onChange(option.value);
      setOpen(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key;
    if (!open && (key === 'Enter' || key === ' ' || key === 'ArrowDown' || key === 'ArrowUp')) {
      event.preventDefault();
      show();
      return;
    }
    if (key === 'Backspace' || key === 'Delete') {
      if (chosen.length && !open) {
        event.preventDefault();
        onChange(multiple ? chosen.slice(0, -1) : null);
      }
      return;
    }
    if (!open) {
      return;
    }
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: options.length - 1,
    };
    if (key in moves) {
      event.preventDefault();
      setActive(Math.min(Math.max(0, moves[key] as number), options.length - 1));
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      choose(options[active]);
    } else if (key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    } else if (key === 'Tab') {
      setOpen(false);
    } else if (key.length === 1) {
      const from = options.findIndex((o, i) => i > active && o.label.toLowerCase().startsWith(key.toLowerCase()));
      const found = from >= 0 ? from : options.findIndex((o) => o.label.toLowerCase().startsWith(key.toLowerCase()));
      if (found >= 0) {
        setActive(found);
      }
    }
  };

  return (
    <div className="pl-select">
      <div
        ref={box}
        id={id}
        role="combobox"
        tabIndex={0}
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="pl-select-box"
        onMouseDown={(event) => {
          if ((event.target as HTMLElement).closest('button')) {
            return;
          }
          event.preventDefault();
          box.current?.focus();
          if (open) {
            setOpen(false);
          } else {
            show();
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        {chosen.length === 0 && <span className="pl-select-placeholder">{placeholder ?? '\u00a0'}</span>}
        {!multiple && chosen[0] !== undefined && <span>{labelOf(chosen[0])}</span>}
        {multiple &&
          chosen.map((v) => (
            <span key={v} className="pl-chip">
              {labelOf(v)}
              <button
                type="button"
                tabIndex={-1}
                className="pl-chip-x"
                aria-label={`${t('ui.clear')} ${labelOf(v)}`}
                onClick={() => onChange(chosen.filter((c) => c !== v))}
              >
                <Icon paths={closeOutlined} />
              </button>
            </span>
          ))}
      </div>
      {!multiple && chosen.length > 0 ? (
        <button
          type="button"
          tabIndex={-1}
          className="pl-chip-x pl-select-arrow"
          style={{ pointerEvents: 'auto', fontSize: 12 }}
          aria-label={t('ui.clear')}
          onClick={() => onChange(null)}
        >
          <Icon paths={closeCircleFilled} />
        </button>
      ) : (
        <span className="pl-select-arrow">
          <Icon paths={downOutlined} />
        </span>
      )}
      {open && (
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable={multiple || undefined}
          className="pl-popup"
        >
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard
            <div
              key={o.value}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              title={o.label}
              aria-selected={chosen.includes(o.value)}
              data-active={i === active}
              className="pl-option"
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(o)}
            >
              <span>{o.label}</span>
              {chosen.includes(o.value) && <Icon paths={checkOutlined} />}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
