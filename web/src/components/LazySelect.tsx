import { LoadingOutlined } from '@ant-design/icons';
import { type RefSelectProps, Select, type SelectProps } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { FormItemInputContext } from 'antd/es/form/context';
import { useCompactItemContext } from 'antd/es/space/Compact';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { antIcon } from './antIcon';
import { downOutlined } from './light/iconPaths';
import { closeCircleFilled } from './light/statusIconPaths';

type TOption<V> = { value: V; label: ReactNode };

// Select's own icons as their markup: the closed Select is drawn many times on a screen.
const downIcon = antIcon('down', downOutlined);
const clearIcon = antIcon('close-circle', closeCircleFilled, { evenOdd: true });

/** What LazySelect takes: a Select's props with plain options (a picker may draw either). */
export type TPickerProps<V> = Omit<SelectProps<V>, 'options'> & {
  options: TOption<V>[];
  id?: string;
  value?: V;
  'aria-describedby'?: string;
  'aria-label'?: string;
};

/**
 * A single-choice Ant Design Select drawn as its closed markup (Ant Design's static style sheet
 * draws it: decision 0013) until the user comes to it: a pointer over it, a press on it, or the
 * focus (Tab, its label). Then the real Select takes its place, focused — and opened by a press —
 * so Enter, Space, the arrows and typing to search are its own. With `allowClear` and a value, the
 * clear button is there too: a press on it clears, the focus on it (Shift+Tab) moves to the real
 * one's. Inside a Form.Item or a Space.Compact it takes their classes as Select does.
 * Issue 15: each Select is ~40 React fibers with their hooks and effects, on screens (the
 * ticket's panel, the search's filters) that show several on opening and rarely change them.
 */
export function LazySelect<V extends string | number | null>(props: TPickerProps<V>) {
  const [live, setLive] = useState<null | 'near' | 'focus' | 'clear'>(null);
  const real = useRef<RefSelectProps>(null);
  const formDisabled = useContext(DisabledContext);
  const { isFormItemInput } = useContext(FormItemInputContext);
  const { compactItemClassnames } = useCompactItemContext('ant-select', 'ltr');
  const disabled = props.disabled ?? formDisabled;
  useEffect(() => {
    if (live === 'clear') {
      real.current?.nativeElement?.querySelector<HTMLElement>('.ant-select-clear')?.focus();
    }
  }, [live]);
  if (live !== null) {
    return <Select<V> {...props} ref={real} autoFocus={live === 'focus'} />;
  }
  const { id, value, options, loading, showSearch, placeholder, allowClear, labelRender, style, className } = props;
  const chosen = options.find((o) => o.value === value);
  const label = chosen ? chosen.label : value === null || value === undefined ? null : String(value);
  const title = typeof label === 'string' ? label : undefined;
  const shown =
    chosen && labelRender ? labelRender({ value: chosen.value as string | number, label: chosen.label }) : label;
  // As Select: the clear button once there is a value to clear.
  const clearable = Boolean(allowClear) && !disabled && label !== null;
  const cls = [
    'ant-select ant-select-outlined',
    isFormItemInput && 'ant-select-in-form-item',
    compactItemClassnames,
    className,
    'parley ant-select-css-var ant-select-single',
    clearable && 'ant-select-allow-clear',
    'ant-select-show-arrow',
    disabled && 'ant-select-disabled',
    loading && 'ant-select-loading',
    showSearch && 'ant-select-show-search',
  ]
    .filter(Boolean)
    .join(' ');
  const come = (how: 'near' | 'focus' | 'clear') => () => {
    if (!disabled) {
      setLive(how);
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focusable parts are the combobox input and the clear button; the pointer events only swap in the real Select
    <div
      className={cls}
      style={style}
      onMouseEnter={come('near')}
      onMouseDown={(event) => {
        if (disabled) {
          return;
        }
        // The press's own focus would land on this markup, gone by then: the real Select takes it.
        event.preventDefault();
        if ((event.target as HTMLElement).closest('.ant-select-clear')) {
          // A press on the clear button clears (as Select's), without opening.
          flushSync(() => setLive('near'));
          props.onClear?.();
          props.onChange?.(undefined as unknown as V, undefined);
          real.current?.focus();
          return;
        }
        flushSync(() => setLive('focus'));
        // Then the press, on the real Select, once this one is over: a Select opened during it
        // would take it for a press outside itself (this markup is gone) and close again.
        setTimeout(() => {
          real.current?.nativeElement
            ?.querySelector('input')
            ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
        });
      }}
    >
      <div className={`ant-select-content${label !== null ? ' ant-select-content-has-value' : ''}`} title={title}>
        {shown ?? <div className="ant-select-placeholder">{placeholder}</div>}
        <input
          id={id}
          aria-label={props['aria-label']}
          aria-describedby={props['aria-describedby']}
          readOnly={!showSearch}
          autoComplete="new-password"
          className="ant-select-input"
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value=""
          disabled={disabled}
          onChange={() => {}}
          onFocus={come('focus')}
        />
      </div>
      <div className={`ant-select-suffix${loading ? ' ant-select-suffix-loading' : ''}`}>
        {loading ? <LoadingOutlined spin /> : downIcon}
      </div>
      {clearable && (
        <button type="button" aria-label="Clear" className="ant-select-clear" onFocus={come('clear')}>
          {clearIcon}
        </button>
      )}
    </div>
  );
}
