import { Form } from 'antd';
import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * A vertical form's item as Ant Design's Form.Item draws it (its static style sheet: decision
 * 0013) — label above, control, an optional extra line — with only the field binding left to
 * Ant Design (`Form.Item noStyle`): no Row/Col grid, label and status components (issue 15: a
 * Form.Item is ~25 React fibers, ~10 of them the binding). For items with no rules: it shows no
 * validation messages. The control's own width is the form's to set (Select: width 100%).
 */
export function PlainFormItem({
  name,
  label,
  extra,
  children,
}: {
  /** The field's name, also the control's id (the form has no name of its own). */
  name: string;
  label: string;
  extra?: ReactNode;
  children: ReactElement;
}) {
  const extraId = `${name}_extra`;
  return (
    <div className="ant-form-item parley ant-form-css-var ant-form-item-vertical">
      <div className="ant-row ant-form-item-row parley">
        <div className="ant-col ant-form-item-label parley">
          <label htmlFor={name} className="ant-form-item-required-mark-hidden" title={label}>
            {label}
          </label>
        </div>
        <div className="ant-col ant-form-item-control parley">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">
              <Form.Item name={name} noStyle>
                {extra ? cloneElement(children, { 'aria-describedby': extraId } as object) : children}
              </Form.Item>
            </div>
          </div>
          {extra && (
            <div className="ant-form-item-additional">
              <div id={extraId} className="ant-form-item-extra">
                {extra}
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
