import { LoadingOutlined } from '@ant-design/icons';
import { type RefSelectProps, Select, type SelectProps } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { FormItemInputContext } from 'antd/es/form/context';
import { useCompactItemContext } from 'antd/es/space/Compact';
import {
  type CSSProperties,
  type FocusEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { antIcon } from './antIcon';
import { closeOutlined, downOutlined } from './light/iconPaths';
import { closeCircleFilled } from './light/statusIconPaths';

type TOption<V> = { value: V; label: ReactNode };

// Select's own icons as their markup: the closed Select is drawn many times on a screen.
const downIcon = antIcon('down', downOutlined);
const clearIcon = antIcon('close-circle', closeCircleFilled, { evenOdd: true });
const removeIcon = antIcon('close', closeOutlined, { evenOdd: true });

/** What LazySelect takes: a Select's props with plain options (a picker may draw either). */
export type TPickerProps<V> = Omit<SelectProps<V>, 'options'> & {
  options: TOption<V>[];
  id?: string;
  value?: V;
  'aria-describedby'?: string;
  'aria-label'?: string;
};

type TLive = null | 'near' | 'focus' | 'clear';

/**
 * What both lazy Selects share: when the real Select takes the markup's place (`live`), the
 * contexts Select reads its classes and state from, and the press on the markup (it opens the
 * real Select, once there).
 */
function useComing(props: {
  disabled?: boolean | undefined;
  onMouseEnter?: ((event: ReactMouseEvent<HTMLDivElement>) => void) | undefined;
  onFocus?: ((event: FocusEvent<HTMLElement>) => void) | undefined;
}) {
  const [live, setLive] = useState<TLive>(null);
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
  const come = (how: Exclude<TLive, null>) => () => {
    if (!disabled) {
      setLive(how);
    }
  };
  // The pointer's coming and the focus reach the Select's own handlers too, as on a real one.
  const near = (event: ReactMouseEvent<HTMLDivElement>) => {
    if (!disabled) {
      props.onMouseEnter?.(event);
      setLive('near');
    }
  };
  const focus = (event: FocusEvent<HTMLElement>) => {
    if (!disabled) {
      props.onFocus?.(event);
      setLive('focus');
    }
  };
  /** A press on the markup, not on one of its buttons: the real Select focused, then opened. */
  const press = () => {
    flushSync(() => setLive('focus'));
    // Then the press, on the real Select, once this one is over: a Select opened during it
    // would take it for a press outside itself (this markup is gone) and close again.
    setTimeout(() => {
      real.current?.nativeElement
        ?.querySelector('input')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    });
  };
  /**
   * The press handler of the closed markup: `onButton` takes a press on one of its own buttons
   * (and says so); any other press opens the real Select.
   */
  const pressed = (onButton: (target: HTMLElement) => boolean) => (event: ReactMouseEvent<HTMLDivElement>) => {
    if (disabled) {
      return;
    }
    // The press's own focus would land on this markup, gone by then: the real Select takes it.
    event.preventDefault();
    if (!onButton(event.target as HTMLElement)) {
      press();
    }
  };
  return { live, setLive, real, disabled, isFormItemInput, compactItemClassnames, come, near, focus, pressed };
}

/** The closed Select's combobox input, as Select draws it: labelled, with the field's id. */
function comboInput(
  props: { id?: string | undefined; 'aria-label'?: string | undefined; 'aria-describedby'?: string | undefined },
  {
    readOnly,
    disabled,
    style,
    onFocus,
  }: {
    readOnly: boolean;
    disabled: boolean;
    style?: CSSProperties;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
  },
) {
  return (
    <input
      id={props.id}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      readOnly={readOnly}
      autoComplete="new-password"
      className="ant-select-input"
      role="combobox"
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-autocomplete="list"
      type="text"
      value=""
      disabled={disabled}
      style={style}
      onChange={() => {}}
      onFocus={onFocus}
    />
  );
}

/** The closed Select's classes, in Select's own order. */
function selectClass(
  kind: 'single' | 'multiple',
  o: {
    isFormItemInput: unknown;
    compactItemClassnames: unknown;
    className: unknown;
    clearable: boolean;
    arrow: boolean;
    disabled: unknown;
    loading: unknown;
    showSearch: unknown;
  },
): string {
  return [
    'ant-select ant-select-outlined',
    o.isFormItemInput && 'ant-select-in-form-item',
    o.compactItemClassnames,
    o.className,
    `parley ant-select-css-var ant-select-${kind}`,
    o.clearable && 'ant-select-allow-clear',
    o.arrow && 'ant-select-show-arrow',
    o.disabled && 'ant-select-disabled',
    o.loading && 'ant-select-loading',
    o.showSearch && 'ant-select-show-search',
  ]
    .filter(Boolean)
    .join(' ');
}

const suffix = (loading: unknown) => (
  <div className={`ant-select-suffix${loading ? ' ant-select-suffix-loading' : ''}`}>
    {loading ? <LoadingOutlined aria-hidden spin /> : downIcon}
  </div>
);

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
  const { live, setLive, real, disabled, isFormItemInput, compactItemClassnames, come, near, focus, pressed } =
    useComing(props);
  if (live !== null) {
    return <Select<V> {...props} ref={real} autoFocus={live === 'focus'} />;
  }
  const { value, options, loading, showSearch, placeholder, allowClear, labelRender, style, className } = props;
  const chosen = options.find((o) => o.value === value);
  const label = chosen ? chosen.label : value === null || value === undefined ? null : String(value);
  const title = typeof label === 'string' ? label : undefined;
  const shown =
    chosen && labelRender ? labelRender({ value: chosen.value as string | number, label: chosen.label }) : label;
  // As Select: the clear button once there is a value to clear.
  const clearable = Boolean(allowClear) && !disabled && label !== null;
  const cls = selectClass('single', {
    isFormItemInput,
    compactItemClassnames,
    className,
    clearable,
    arrow: true,
    disabled,
    loading,
    showSearch,
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focusable parts are the combobox input and the clear button; the pointer events only swap in the real Select
    <div
      className={cls}
      style={style}
      onMouseEnter={near}
      onMouseDown={pressed((target) => {
        if (!target.closest('.ant-select-clear')) {
          return false;
        }
        // A press on the clear button clears (as Select's), without opening.
        flushSync(() => setLive('near'));
        props.onClear?.();
        props.onChange?.(undefined as unknown as V, undefined);
        real.current?.focus();
        return true;
      })}
    >
      <div className={`ant-select-content${label !== null ? ' ant-select-content-has-value' : ''}`} title={title}>
        {shown ?? <div className="ant-select-placeholder">{placeholder}</div>}
        {comboInput(props, { readOnly: !showSearch, disabled, onFocus: focus })}
      </div>
      {suffix(loading)}
      {clearable && (
        <button type="button" aria-label="Clear" className="ant-select-clear" onFocus={come('clear')}>
          {clearIcon}
        </button>
      )}
    </div>
  );
}

/** What LazyMultiSelect takes: a multiple-choice Select's props with plain options. */
export type TMultiPickerProps<V extends string | number> = Omit<SelectProps<V[]>, 'options' | 'mode'> & {
  mode: 'multiple' | 'tags';
  options: { value: V; label?: ReactNode }[];
  id?: string;
  value?: V[];
  'aria-describedby'?: string;
  'aria-label'?: string;
};

/**
 * LazySelect for a multiple-choice Select (`mode` multiple or tags): the chosen items, each with
 * its remove button, as Select draws them closed. A press on a remove button removes that item
 * (as Select's, without opening); the rest as LazySelect.
 */
export function LazyMultiSelect<V extends string | number>(props: TMultiPickerProps<V>) {
  const { live, setLive, real, disabled, isFormItemInput, compactItemClassnames, near, focus, pressed } =
    useComing(props);
  if (live !== null) {
    return <Select<V[]> {...props} ref={real} autoFocus={live === 'focus'} />;
  }
  const { value, options, loading, placeholder, suffixIcon, style, className } = props;
  const chosen = (value ?? []).map((v) => {
    const option = options.find((o) => o.value === v);
    return { value: v, label: option?.label ?? v };
  });
  // A multiple Select searches unless told not to; its arrow shows unless its icon is taken away.
  const showSearch = props.showSearch ?? true;
  const arrow = suffixIcon !== null;
  const cls = selectClass('multiple', {
    isFormItemInput,
    compactItemClassnames,
    className,
    clearable: false,
    arrow,
    disabled,
    loading,
    showSearch,
  });
  // rc-overflow's items: their style as it writes it.
  const shown = { opacity: 1 };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focusable part is the combobox input; the pointer events only swap in the real Select
    <div
      className={cls}
      style={style}
      onMouseEnter={near}
      onMouseDown={pressed((target) => {
        const remove = target.closest<HTMLElement>('.ant-select-selection-item-remove');
        if (!remove) {
          return false;
        }
        // A press on an item's remove button removes it (as Select's), without opening.
        const item = remove.closest('.ant-select-content-item') as HTMLElement;
        const at = Array.from(item.parentElement?.children ?? []).indexOf(item);
        const next = (value ?? []).filter((_, i) => i !== at);
        flushSync(() => setLive('near'));
        props.onDeselect?.((value ?? [])[at] as V, undefined as never);
        props.onChange?.(next, undefined);
        return true;
      })}
    >
      <div className="ant-select-content">
        {chosen.length === 0 && (
          <div className="ant-select-content-item ant-select-content-item-prefix" style={shown}>
            <div className="ant-select-placeholder">{placeholder}</div>
          </div>
        )}
        {chosen.map((item) => (
          <div key={String(item.value)} className="ant-select-content-item" style={shown}>
            <span
              title={typeof item.label === 'string' || typeof item.label === 'number' ? String(item.label) : undefined}
              className="ant-select-selection-item"
            >
              <span className="ant-select-selection-item-content">{item.label}</span>
              {!disabled && (
                <span
                  className="ant-select-selection-item-remove"
                  unselectable="on"
                  aria-hidden="true"
                  style={{ userSelect: 'none' }}
                >
                  {removeIcon}
                </span>
              )}
            </span>
          </div>
        ))}
        <div className="ant-select-content-item ant-select-content-item-suffix" style={shown}>
          {comboInput(props, {
            readOnly: !showSearch,
            disabled,
            style: { '--select-input-width': 4 } as CSSProperties,
            onFocus: focus,
          })}
        </div>
      </div>
      {arrow && suffix(loading)}
    </div>
  );
}
