import { messages, type TMessageKey } from '@parley/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { type ReactNode, useRef } from 'react';
import type { TCallOptions } from '../api/client';
import { isApiError } from '../api/errors';
import { currentLanguage, translateMessage } from '../i18n';
import { showActionToast } from './actionToast';
import { showFieldErrors, type TFieldParts, type TFieldRows } from './formRules';

export type TSaveCallOptions = Pick<TCallOptions<unknown>, 'silent' | 'onMessage'>;

/**
 * A write call of a screen: toasts the server's success message ("Successfully saved", or what
 * actually happened, such as "suspended instead of deleted"), else `successKey`; refreshes the
 * queries under `invalidate`, then `onSaved`. A validation failure goes under the form's
 * inputs when it names them, and to an error toast when it does not.
 */
export function useSave<TVars, TResult = unknown>({
  call,
  form,
  fieldNames,
  fieldRows,
  fieldParts,
  showErrors,
  handleError,
  invalidate = [],
  successKey = 'saved',
  successContent,
  onSaved,
}: {
  call: (vars: TVars, options: TSaveCallOptions) => Promise<TResult>;
  form?: FormInstance;
  /** The form's inputs that a server `fields` error may name; the form's own fields by default. */
  fieldNames?: readonly string[];
  /** Items of the form that hold rows, to say a failure inside one under it (formRules.ts). */
  fieldRows?: TFieldRows;
  /** Items of the form made of named parts, to say a failure inside one under it (formRules.ts). */
  fieldParts?: TFieldParts;
  /**
   * Puts a validation failure's `fields` where the form items do not name them (a ticket's custom
   * fields, `field_<id>` at `fields.field_<id>`); returns whether it put any there.
   */
  showErrors?: (fields: Record<string, string>) => boolean;
  /**
   * A failure the screen says in its own way (a ticket's edit conflict, above the conversation):
   * given every failed call, it returns true for those it took care of, and nothing more is said of them.
   */
  handleError?: (error: unknown) => boolean;
  invalidate?: readonly QueryKey[];
  successKey?: TMessageKey;
  /** The success toast's own content (a sentence with a link, say), instead of the server's message. */
  successContent?: (result: TResult, vars: TVars) => ReactNode;
  onSaved?: (result: TResult, vars: TVars) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (vars: TVars) => {
      let said = '';
      const result = await call(vars, { silent: ['FFFF'], onMessage: (msg) => (said = msg) });
      return { result, said };
    },
    onSuccess: async ({ result, said }, vars) => {
      // A bare "Success" says less than the screen's own word for it.
      const generic = said === '' || said === messages.ok[currentLanguage()];
      if (successContent) {
        // A message with a link stays long enough to use it, and while it is pointed at or focused.
        showActionToast(message, successContent(result, vars));
      } else {
        void message.success(generic ? translateMessage(successKey) : said);
      }
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onSaved?.(result, vars);
    },
    onError: (error) => {
      if (handleError?.(error)) {
        return;
      }
      if (!isApiError(error) || error.code !== 'FFFF') {
        return;
      }
      const names = fieldNames ?? (form ? Object.keys(form.getFieldsValue()) : []);
      const underForm = form ? showFieldErrors(form, error.fields, names, fieldRows, fieldParts) : false;
      const elsewhere = showErrors?.(error.fields) ?? false;
      if (!underForm && !elsewhere) {
        void message.error(error.message);
      }
    },
  });
  // A form's submit while its save is on the way is dropped: a double click on Save made two
  // views (the second click came before the button showed it was saving).
  const sending = useRef(false);
  return {
    save: (vars: TVars) => {
      if (!form) {
        mutation.mutate(vars);
        return;
      }
      if (sending.current) {
        return;
      }
      sending.current = true;
      mutation.mutate(vars, { onSettled: () => (sending.current = false) });
    },
    /** For a confirm dialog that waits: resolves whether the call worked or not. */
    saveAsync: (vars: TVars) => mutation.mutateAsync(vars).catch(() => undefined),
    saving: mutation.isPending,
  };
}
