/** A `me` shortcut is its creator's; an admin may still reach it to tidy up. `all` is everyone's. */
export function maySeeShortcut(
  actor: { accountId: number; userType: string },
  shortcut: { allowType: string; creatorId: number | null },
): boolean {
  return shortcut.allowType === 'all' || shortcut.creatorId === actor.accountId || actor.userType === 'admin';
}
