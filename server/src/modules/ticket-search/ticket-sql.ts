import { sql } from 'drizzle-orm';

/** Who is asking: decides which tickets a list may hold (`ticket_access`). */
export interface Viewer {
  accountId: number;
  userType: string;
  ticketAccess: string;
  groupIds: number[];
}

// Enum values and ids are written into the SQL as literals (after checking them): the planner
// then proves that a filter implies a partial index's predicate (`ticket_state IN (...)`).
export const int = (n: number) => {
  if (!Number.isSafeInteger(n)) {
    throw new Error(`not an integer: ${n}`);
  }
  return sql.raw(String(n));
};
export const word = (value: string) => {
  if (!/^[a-z_]+$/.test(value)) {
    throw new Error(`not an enum value: ${value}`);
  }
  return sql.raw(`'${value}'`);
};
