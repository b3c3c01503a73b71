/** Every row of a paged list call (for pickers), a page of `limit` rows at a time. */
export async function allPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<{ list: T[]; total: number }>,
  limit = 100,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await fetchPage(rows.length, limit);
    rows.push(...page.list);
    if (page.list.length === 0 || rows.length >= page.total) {
      return rows;
    }
  }
}
