/** PostgreSQL's SQLSTATE of a failed statement, as `pg` and PGlite report it (drizzle may wrap it in `cause`). */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A REPEATABLE READ or SERIALIZABLE transaction met a concurrent change: run it again. */
export const isSerializationFailure = (error: unknown): boolean => pgCode(error) === '40001';

/** An insert or update met a unique index (an email or a key taken meanwhile). */
export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === '23505';

/**
 * A failure that says nothing about the statement itself (a deadlock, a serialization failure,
 * a lock or statement timeout, the database shutting down or out of connections): the same work
 * can succeed on a later try.
 */
export const isTransientFailure = (error: unknown): boolean => {
  const code = pgCode(error);
  return code !== undefined && ['40P01', '40001', '55P03', '57014', '57P01', '53300'].includes(code);
};
