import { parseBannedValue, type TBannedType, type TMessageKey } from '@parley/contracts';

/** What is wrong with a banned value of this type, or null: the server's own rule, from contracts. */
export function bannedValueProblem(type: TBannedType, raw: unknown): TMessageKey | null {
  const parsed = parseBannedValue(type, raw);
  return parsed.ok ? null : parsed.message;
}
