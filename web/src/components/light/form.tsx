import { type ReactNode, useCallback, useRef, useState } from 'react';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

/** A check of one value: the message to show, or null when it passes. */
export type TCheck<T, V> = (value: T, values: V) => string | null;
export type TChecks<V> = { [K in keyof V]?: TCheck<V[K], V> };
type TErrors<V> = Partial<Record<keyof V, string>>;
/**
 * Where a shown message came from, so that it is worded again in the language switched to: a
 * check (run again on the values it failed on) or a message of the contracts (a key, or text as
 * the server sent it, translated when it is a key).
 */
type TErrorSource<V> = { failed: V } | { message: string };
type TErrorSources<V> = Partial<Record<keyof V, TErrorSource<V>>>;

/**
 * A small form state: values, their checks, the messages shown under the inputs. Inputs are
 * found by id (`<idPrefix>-<name>`) to focus the first wrong one when a submit fails.
 */
export function useForm<V extends object>(idPrefix: string, initial: () => V, checks: TChecks<V>) {
  // The messages are worded at render time: a language switch re-renders them in the new language.
  useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [sources, setSources] = useState<TErrorSources<V>>({});
  const current = useRef(values);
  current.current = values;

  const check = useCallback(
    <K extends keyof V>(name: K, all: V): string | null => checks[name]?.(all[name], all) ?? null,
    [checks],
  );

  const setSource = useCallback(<K extends keyof V>(name: K, source: TErrorSource<V> | null) => {
    setSources((old) => {
      if (source === null && !(name in old)) {
        return old;
      }
      const next = { ...old };
      if (source === null) {
        delete next[name];
      } else {
        next[name] = source;
      }
      return next;
    });
  }, []);
  /** The field's check on `all`: kept as its source when it fails. */
  const checkInto = <K extends keyof V>(name: K, all: V) =>
    setSource(name, check(name, all) === null ? null : { failed: all });
  /** A message for the field: a contracts' message key (or the server's text), or null to clear it. */
  const setError = useCallback(
    <K extends keyof V>(name: K, message: string | null) => setSource(name, message === null ? null : { message }),
    [setSource],
  );

  const errors: TErrors<V> = {};
  for (const name of Object.keys(sources) as Array<keyof V>) {
    const source = sources[name];
    const text = !source ? null : 'failed' in source ? check(name, source.failed) : translateMessage(source.message);
    if (text) {
      errors[name] = text;
    }
  }

  return {
    values,
    errors,
    id: (name: keyof V & string) => `${idPrefix}-${name}`,
    /** A new value; checked at once unless the input is checked when it loses focus. */
    set<K extends keyof V>(name: K, value: V[K], checkNow = true) {
      const next = { ...current.current, [name]: value };
      current.current = next;
      setValues(next);
      if (checkNow) {
        checkInto(name, next);
      } else {
        setSource(name, null);
      }
    },
    /** Checks one value (an input that is checked when it loses focus). */
    checkOne(name: keyof V) {
      checkInto(name, current.current);
    },
    setError,
    /** Checks every value; false (and the first wrong input focused) when one fails. */
    checkAll(): boolean {
      const all = current.current;
      const found: TErrorSources<V> = {};
      for (const name of Object.keys(checks) as Array<keyof V>) {
        if (check(name, all) !== null) {
          found[name] = { failed: all };
        }
      }
      setSources(found);
      const first = Object.keys(found)[0];
      if (first) {
        document.getElementById(`${idPrefix}-${first}`)?.focus();
        return false;
      }
      return true;
    },
    reset(next: V) {
      current.current = next;
      setValues(next);
      setSources({});
    },
  };
}

/** What an input needs to be tied to its label and message. */
export function inputAria(id: string, error: string | null | undefined, hasHelp: boolean, required = false) {
  return {
    id,
    // Said to a screen reader, not only drawn as the label's asterisk.
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hasHelp ? `${id}-help` : undefined,
  } as const;
}

/** A labelled input with its message (or hint) below, spaced like Ant Design's form items. */
export function Field({
  id,
  label,
  error,
  extra,
  required = false,
  tight = false,
  labelled = true,
  children,
}: {
  id: string;
  label?: ReactNode;
  error?: string | null;
  extra?: ReactNode;
  required?: boolean;
  tight?: boolean;
  /** False for an input that names itself (a checkbox with its text): no label above it. */
  labelled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`pl-item${tight ? ' pl-item-tight' : ''}${error ? ' pl-item-help' : ''}`}>
      {labelled && label !== undefined && (
        <label htmlFor={id} className="pl-label" data-required={required || undefined}>
          {label}
        </label>
      )}
      {children}
      {(error || extra) && (
        <div id={`${id}-help`}>
          {error && (
            <div className="pl-error-text" role="alert">
              {error}
            </div>
          )}
          {extra && <div className="pl-extra">{extra}</div>}
        </div>
      )}
    </div>
  );
}
