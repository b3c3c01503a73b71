import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { Select, type SelectProps } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { type ReactNode, useContext, useState } from 'react';

type TOption<V> = { value: V; label: ReactNode };

/**
 * A single-choice Ant Design Select inside a Form.Item, drawn as its closed markup (Ant Design's
 * static style sheet draws it: decision 0013) until the user comes to it: a pointer over it, a
 * press on it, or the focus (Tab, its label). Then the real Select takes its place — opened by a
 * press, focused by the focus, so Enter, Space, the arrows and typing to search are its own.
 * Issue 15: each Select is ~40 React fibers with their hooks and effects, on a page (the ticket)
 * that shows four of them on opening and rarely changes them.
 */
export function LazySelect<V extends string | number | null>(
  props: Omit<SelectProps<V>, 'options'> & { options: TOption<V>[]; id?: string; value?: V },
) {
  const [live, setLive] = useState<null | 'near' | 'focus' | 'open'>(null);
  const formDisabled = useContext(DisabledContext);
  const disabled = props.disabled ?? formDisabled;
  if (live !== null) {
    return <Select<V> {...props} autoFocus={live !== 'near'} defaultOpen={live === 'open'} />;
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
  const come = (how: 'near' | 'focus' | 'open') => () => {
    if (!disabled) {
      setLive(how);
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focusable part is the combobox input; the pointer events only swap in the real Select
    <div className={cls} onMouseEnter={come('near')} onMouseDown={come('open')}>
      <div className={`ant-select-content${label !== null ? ' ant-select-content-has-value' : ''}`} title={title}>
        {label ?? <div className="ant-select-placeholder">{placeholder}</div>}
        <input
          id={id}
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
