import { LoadingOutlined } from '@ant-design/icons';
import type { TTrigger } from '@parley/contracts';
import { Switch, Tag } from 'antd';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ruleKeys } from './queries';

/** What a trigger and an automation both are, as their edit calls take it. */
type TRuleCore = Pick<TTrigger, 'title' | 'active' | 'conditions' | 'actions'>;

/**
 * A rule's "on or off" in its list: a switch for who may edit it (the rule saved with only that
 * changed), a tag for who may not.
 */
export function ActiveSwitch({
  rule,
  mayEdit,
  call,
}: {
  rule: TRuleCore;
  mayEdit: boolean;
  /** Saves the rule as given (its edit call adds its id and its own fields). */
  call: (input: TRuleCore, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { active } = rule;
  const { save, saving } = useSave({
    call: (next: boolean, opts) =>
      call({ title: rule.title, conditions: rule.conditions, actions: rule.actions, active: next }, opts),
    invalidate: [ruleKeys.triggers, ruleKeys.automations],
  });
  const label = active ? t('rule.active') : t('rule.inactive');
  if (!mayEdit) {
    return <Tag color={active ? 'green' : 'default'}>{label}</Tag>;
  }
  return (
    // Not `loading`: that disables the switch, and a disabled switch drops the keyboard's focus
    // to the page. It spins and ignores presses while saving instead.
    <Switch
      size="small"
      checked={active}
      onChange={(next) => !saving && save(next)}
      aria-busy={saving}
      // Named by what it switches; the row (and its title) says which rule.
      aria-label={t('rule.active')}
      checkedChildren={saving ? <LoadingOutlined aria-hidden /> : t('rule.active')}
      unCheckedChildren={saving ? <LoadingOutlined aria-hidden /> : t('rule.inactive')}
    />
  );
}
