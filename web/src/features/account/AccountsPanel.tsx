import type { TUserType } from '@parley/contracts';
import { useEnum } from '../../components/enumOptions';
import { SearchBox } from '../../components/SearchBox';
import { Segmented } from '../../components/Segmented';
import { Toolbar } from '../../components/Toolbar';
import { useListParams } from '../../components/useListParams';
import { useTranslation } from '../../i18n/useTranslation';
import { useAccountList } from '../../pickers/accountQueries';
import { AccountTable } from './AccountTable';

const userTypes: readonly string[] = ['admin', 'agent', 'end_user'];

/** The user type chosen in the address, if it is one. */
export function userTypeOf(value: string | undefined): TUserType | undefined {
  return value !== undefined && userTypes.includes(value) ? (value as TUserType) : undefined;
}

/** Everyone with an account: by user type, searched by name or email. */
export function AccountsPanel() {
  const { t } = useTranslation();
  const list = useListParams(['user_type']);
  const userType = userTypeOf(list.filters.user_type);
  const query = useAccountList({ user_type: userType, kw: list.kw, offset: list.offset, limit: list.limit });
  const { options } = useEnum('user_type');

  return (
    <>
      <Toolbar>
        <Segmented
          aria-label={t('people.user_type')}
          value={userType ?? ''}
          options={[{ value: '', label: t('common.all') }, ...options]}
          onChange={(value) => list.setFilter('user_type', value || undefined)}
        />
        <SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('people.search')} />
      </Toolbar>
      <AccountTable
        rows={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        filtered={list.kw !== '' || userType !== undefined}
        onDeleted={() => {
          if (query.data?.list.length === 1) {
            list.backOnePage();
          }
        }}
      />
    </>
  );
}
