import { Select } from 'antd';
import { useTranslation } from '../i18n/useTranslation';
import { useAgents } from './accountQueries';

/** Picks agents and administrators (members of a group or a role). */
export function MemberSelect({
  value,
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const agents = useAgents();
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      loading={agents.isPending}
      options={agents.data?.map((a) => ({ value: a.account_id, label: `${a.real_name || a.email} <${a.email}>` }))}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('people.choose_members')}
      allowClear
    />
  );
}
