import type { TNodeType } from '@parley/contracts';
import { Tag } from 'antd';
import { useEnum } from '../../components/enumOptions';

export function NodeTypeTag({ type }: { type: TNodeType }) {
  const { label } = useEnum('node_type');
  return <Tag color={type === 'menu' ? 'blue' : 'purple'}>{label(type)}</Tag>;
}
