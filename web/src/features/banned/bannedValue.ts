import { parseBannedValue, type TBlackType, type TMessageKey } from '@parley/contracts';

/** What is wrong with a banned value of this type, or null: the server's own rule, from contracts. */
export function bannedValueProblem(type: TBlackType, raw: unknown): TMessageKey | null {
  const parsed = parseBannedValue(type, raw);
  return parsed.ok ? null : parsed.message;
}
