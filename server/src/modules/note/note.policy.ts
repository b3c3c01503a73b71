/** Who reaches a note: a shared one (everyone's, or a group's), or the caller's own. */
export interface NoteReach {
  ownerId: number | null;
  groupId: number | null;
}
export interface NoteCaller {
  accountId: number;
  userType: string;
  groupIds: number[];
}

export function noteShareOf(note: NoteReach): 'all' | 'group' | 'me' {
  if (note.ownerId !== null) {
    return 'me';
  }
  return note.groupId !== null ? 'group' : 'all';
}

/** The ticket page offers notes for everyone, for the caller's groups (an admin: every group's), and the caller's own. */
export function mayApplyNote(caller: NoteCaller, note: NoteReach): boolean {
  if (note.ownerId !== null) {
    return note.ownerId === caller.accountId;
  }
  return note.groupId === null || caller.userType === 'admin' || caller.groupIds.includes(note.groupId);
}

/** The settings screen: every shared note and the caller's own; someone else's personal note is theirs alone. */
export function mayEditNote(caller: NoteCaller, note: NoteReach): boolean {
  return note.ownerId === null || note.ownerId === caller.accountId;
}
