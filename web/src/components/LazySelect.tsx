import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { type RefSelectProps, Select, type SelectProps } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { type ReactNode, useContext, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

type TOption<V> = { value: V; label: ReactNode };

/**
 * A single-choice Ant Design Select inside a Form.Item, drawn as its closed markup (Ant Design's
 * static style sheet draws it: decision 0013) until the user comes to it: a pointer over it, a
 * press on it, or the focus (Tab, its label). Then the real Select takes its place, focused — and
 * opened by a press — so Enter, Space, the arrows and typing to search are its own.
 * Issue 15: each Select is ~40 React fibers with their hooks and effects, on a page (the ticket)
 * that shows four of them on opening and rarely changes them.
 */
export function LazySelect<V extends string | number | null>(
  props: Omit<SelectProps<V>, 'options'> & {
    options: TOption<V>[];
    id?: string;
    value?: V;
    'aria-describedby'?: string;
  },
) {
  const [live, setLive] = useState<null | 'near' | 'focus'>(null);
  const real = useRef<RefSelectProps>(null);
  const formDisabled = useContext(DisabledContext);
  const disabled = props.disabled ?? formDisabled;
  if (live !== null) {
    return <Select<V> {...props} ref={real} autoFocus={live === 'focus'} />;
  }
  const { id, value, options, loading, showSearch, placeholder } = props;
  const chosen = options.find((o) => o.value === value);
  const label = chosen ? chosen.label : value === null || value === undefined ? null : String(value);
  const title = typeof label === 'string' ? label : undefined;
  const cls = [
    'ant-select ant-select-outlined ant-select-in-form-item parley ant-select-css-var ant-select-single ant-select-show-arrow',
    disabled && 'ant-select-disabled',
    loading && 'ant-select-loading',
    showSearch && 'ant-select-show-search',
  ]
    .filter(Boolean)
    .join(' ');
  const come = (how: 'near' | 'focus') => () => {
    if (!disabled) {
      setLive(how);
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focusable part is the combobox input; the pointer events only swap in the real Select
    <div
      className={cls}
      onMouseEnter={come('near')}
      onMouseDown={(event) => {
        if (disabled) {
          return;
        }
        // The press's own focus would land on this markup, gone by then: the real Select takes it.
        event.preventDefault();
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
        {label ?? <div className="ant-select-placeholder">{placeholder}</div>}
        <input
          id={id}
          aria-describedby={props['aria-describedby']}
          autoComplete="new-password"
          className="ant-select-input"
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value=""
          readOnly={!showSearch}
          disabled={disabled}
          onChange={() => {}}
          onFocus={come('focus')}
        />
      </div>
      <div className={`ant-select-suffix${loading ? ' ant-select-suffix-loading' : ''}`}>
        {loading ? <LoadingOutlined spin /> : <DownOutlined />}
      </div>
    </div>
  );
}
