import { InputNumber, type InputNumberProps, Space } from 'antd';

/**
 * A number input with its unit after it ("hours", "seconds"), as Ant Design 6 draws an addon: a
 * compact group of the input and the unit. Form.Item's value, onChange and id reach the input.
 */
export function NumberWithUnit({ unit, style, ...props }: InputNumberProps<number> & { unit: string }) {
  return (
    <Space.Compact style={style}>
      <InputNumber<number> {...props} style={{ width: '100%' }} />
      <Space.Addon>{unit}</Space.Addon>
    </Space.Compact>
  );
}
