/** Where the people screens live. */
export const peoplePaths = {
  list: '/wswt/setting/people',
  account: (accountId: number) => `/wswt/account/${accountId}`,
};
