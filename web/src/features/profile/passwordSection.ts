/** My profile's "Change password" card, as an address's hash: `/wswt/account/my/profile#change-password`. */
export const passwordSectionId = 'change-password';
