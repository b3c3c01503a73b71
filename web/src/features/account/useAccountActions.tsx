import type { TAccount } from '@parley/contracts';
import { accountApi } from '../../api/account';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { accountKeys } from '../../pickers/accountQueries';

/** Suspend, allow and delete an account, each after a confirm. */
export function useAccountActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const { confirm, confirmDelete } = useConfirm();
  const access = useSave({
    call: (vars: { account: TAccount; suspend: boolean }, opts) =>
      accountApi.accessStateEdit(
        { account_id: vars.account.account_id, access_state: vars.suspend ? 'suspended' : 'allowed' },
        opts,
      ),
    invalidate: [accountKeys.all],
  });
  const remove = useSave({
    call: (account: TAccount, opts) => accountApi.delete(account.account_id, opts),
    invalidate: [accountKeys.all],
    successKey: 'deleted',
    onSaved: () => onDeleted?.(),
  });

  const nameOf = (account: TAccount) => account.real_name || account.email;
  return {
    suspend: (account: TAccount) =>
      confirm({
        title: t('people.suspend_title', { name: nameOf(account) }),
        content: t('people.suspend_text'),
        okText: t('people.suspend'),
        danger: true,
        onOk: () => access.saveAsync({ account, suspend: true }),
      }),
    allow: (account: TAccount) =>
      confirm({
        title: t('people.allow_title', { name: nameOf(account) }),
        content: t('people.allow_text'),
        okText: t('people.allow'),
        onOk: () => access.saveAsync({ account, suspend: false }),
      }),
    remove: (account: TAccount) => confirmDelete(() => remove.saveAsync(account), nameOf(account)),
  };
}
