import { staffPath } from '../../routes/staffPath';
/** Where the people screens live. */
export const peoplePaths = {
  list: staffPath('/wswt/setting/people'),
  account: (accountId: number) => staffPath('/wswt/account/:account_id', { account_id: accountId }),
};
