import type { TAccessState, TUserType } from '@parley/contracts';
import { Tag } from 'antd';
import { useEnum } from '../../components/enumOptions';

const typeColors: Record<TUserType, string> = { admin: 'gold', agent: 'blue', end_user: 'default' };

export function UserTypeTag({ type }: { type: TUserType }) {
  const { label } = useEnum('user_type');
  return <Tag color={typeColors[type]}>{label(type)}</Tag>;
}

/** "Suspended" for a suspended account; nothing for an allowed one. */
export function AccessTag({ state }: { state: TAccessState }) {
  const { label } = useEnum('access_state');
  return state === 'suspended' ? <Tag color="red">{label(state)}</Tag> : null;
}
