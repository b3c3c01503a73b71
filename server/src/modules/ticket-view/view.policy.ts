/** Who sees a view: shared ones (everyone's, or a group's), and the caller's own. */
export interface ViewReach {
  ownerId: number | null;
  groupId: number | null;
}
export interface ViewCaller {
  accountId: number;
  userType: string;
  groupIds: number[];
}

/** The share of a stored view, as the editor names it. */
export function shareOf(view: ViewReach): 'all' | 'group' | 'me' {
  if (view.ownerId !== null) {
    return 'me';
  }
  return view.groupId !== null ? 'group' : 'all';
}

/** The sidebar: views for everyone, for one of the caller's groups (an admin sees every group's), and the caller's own. */
export function mayWorkFromView(caller: ViewCaller, view: ViewReach): boolean {
  if (view.ownerId !== null) {
    return view.ownerId === caller.accountId;
  }
  return view.groupId === null || caller.userType === 'admin' || caller.groupIds.includes(view.groupId);
}

/** The editor: every shared view, and the caller's own; someone else's personal view is nobody else's business. */
export function mayEditView(caller: ViewCaller, view: ViewReach): boolean {
  return view.ownerId === null || view.ownerId === caller.accountId;
}
