import type { TRole } from '@parley/contracts';
import { Switch, Tag, Tooltip } from 'antd';
import { roleApi } from '../../api/role';
import { usePermission } from '../../auth/usePermission';
import { useEnum } from '../../components/enumOptions';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { roleKeys } from './queries';

/**
 * Active or inactive at a click (`auth.role.state.edit`); a plain tag for those who may not. The
 * default role (new agents get it) stays active: its switch is disabled and says why, as the
 * server would.
 */
export function RoleStateSwitch({ role }: { role: TRole }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const { label } = useEnum('role_state');
  const toggle = useSave({
    call: (active: boolean, opts) =>
      roleApi.stateEdit({ role_id: role.role_id, role_state: active ? 'active' : 'inactive' }, opts),
    invalidate: [roleKeys.all, ['auth', 'has-node-list']],
  });
  const active = role.role_state === 'active';
  if (!can('btn', 'auth.role.state.edit')) {
    return <Tag color={active ? 'green' : 'default'}>{label(role.role_state)}</Tag>;
  }
  const kept = role.is_default && active;
  const toggleSwitch = (
    <Switch
      checked={active}
      checkedChildren={label('active')}
      unCheckedChildren={label('inactive')}
      aria-label={t('role.active_of', { name: role.role_name })}
      disabled={kept}
      loading={toggle.saving}
      onChange={(next) => toggle.save(next)}
    />
  );
  return kept ? (
    <Tooltip title={translateMessage('default_role_kept')}>
      <span>{toggleSwitch}</span>
    </Tooltip>
  ) : (
    toggleSwitch
  );
}
