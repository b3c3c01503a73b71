/** Every IANA time zone this browser knows, UTC first. */
export function timezoneNames(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = ['UTC', ...known.filter((zone) => zone !== 'UTC')];
  return current && !names.includes(current) ? [current, ...names] : names;
}
