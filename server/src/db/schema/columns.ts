import { bigint } from 'drizzle-orm/pg-core';

/** `*_ts` columns: Unix epoch milliseconds, as the contract sends them. */
export const ts = (name: string) => bigint(name, { mode: 'number' });
