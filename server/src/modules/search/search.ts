/** `%kw%` for ILIKE, with the pattern characters of the keyword taken literally. */
export const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Counts arrive as text from some drivers and as numbers from others. */
export const toCount = (rows: Array<{ n: unknown }>) => Number(rows[0]?.n ?? 0);
