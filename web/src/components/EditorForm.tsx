import type { QueryKey } from '@tanstack/react-query';
import { Form, type FormInstance, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from './FormPage';
import { type TSaveCallOptions, useSave } from './useSave';

/** An editor's values: its inputs and the "active" switch. */
type TWithActive = { active: boolean };

/**
 * Saves a settings editor whose rows are active or inactive (a ticket field, a ticket form): the
 * "active" switch goes on the wire as `state` (`active` / `inactive`); once saved, back to the list.
 */
export function useEditorSave<TValues extends TWithActive>({
  form,
  fieldNames,
  invalidate,
  listPath,
  call,
}: {
  form: FormInstance<TValues>;
  fieldNames: readonly string[];
  invalidate: readonly QueryKey[];
  listPath: string;
  call: (values: Omit<TValues, 'active'>, state: 'active' | 'inactive', opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  return useSave({
    form,
    fieldNames,
    call: ({ active, ...values }: TValues, opts) => call(values, active ? 'active' : 'inactive', opts),
    invalidate,
    onSaved: () => void navigate(listPath),
  });
}

/** An editor's form: one column of its inputs, then the "active" switch, then Save and Cancel. */
export function EditorForm<TValues extends TWithActive>({
  form,
  initialValues,
  save,
  saving,
  activeLabel,
  cancelTo,
  children,
}: {
  form: FormInstance<TValues>;
  initialValues: TValues;
  save: (values: TValues) => void;
  saving: boolean;
  activeLabel: ReactNode;
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <Form<TValues>
      form={form}
      layout="vertical"
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 820 }}
      initialValues={initialValues}
    >
      {children}
      <Form.Item name="active" valuePropName="checked" label={activeLabel}>
        <Switch />
      </Form.Item>
      <FormActions saving={saving} cancelTo={cancelTo} />
    </Form>
  );
}
