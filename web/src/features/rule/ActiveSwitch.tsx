import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { ruleKeys } from './queries';

/**
 * A rule's "on or off" in its list: a switch for who may edit it (the rule saved with only that
 * changed), a tag for who may not.
 */
export function ActiveSwitch({
  active,
  mayEdit,
  call,
}: {
  active: boolean;
  mayEdit: boolean;
  /** Saves the rule with `active` set so. */
  call: (active: boolean, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { save, saving } = useSave({
    call: (next: boolean, opts) => call(next, opts),
    invalidate: [ruleKeys.triggers, ruleKeys.automations],
  });
  const label = active ? t('rule.active') : t('rule.inactive');
  if (!mayEdit) {
    return <Tag color={active ? 'green' : 'default'}>{label}</Tag>;
  }
  return (
    <Switch
      size="small"
      checked={active}
      loading={saving}
      onChange={save}
      // Named by what it switches; the row (and its title) says which rule.
      aria-label={t('rule.active')}
      checkedChildren={t('rule.active')}
      unCheckedChildren={t('rule.inactive')}
    />
  );
}
