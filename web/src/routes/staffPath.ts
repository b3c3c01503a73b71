import type { TStaffPath } from '@parley/contracts';

/** The `:name` parameters of a route pattern. */
type TParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A path of the staff app from its route pattern in the one route table (contracts' `staffRoutes`):
 * a pattern that is not a route, or a missing parameter, does not compile.
 * `staffPath('/wswt/ticket/edit/:ticket_id', { ticket_id: 12 })` is `/wswt/ticket/edit/12`.
 */
export function staffPath<P extends TStaffPath>(
  pattern: P,
  ...params: [TParams<P>] extends [never] ? [] : [Record<TParams<P>, number | string>]
): string {
  const values = (params[0] ?? {}) as Record<string, number | string>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** Settings kinds with a list, an add and an edit screen (`/wswt/setting/<kind>`, `/add`, `/edit`). */
type TFormKinds<P> = P extends `/wswt/setting/${infer K}/add`
  ? `/wswt/setting/${K}/edit` extends TStaffPath
    ? `/wswt/setting/${K}` extends TStaffPath
      ? K
      : never
    : never
  : never;
export type TSettingKind = TFormKinds<TStaffPath>;

/** The list, add and edit screens of a settings kind, from the route table. */
export function settingPaths<K extends TSettingKind>(kind: K) {
  return {
    list: `/wswt/setting/${kind}`,
    add: `/wswt/setting/${kind}/add`,
    edit: `/wswt/setting/${kind}/edit`,
  } as const;
}
