/**
 * A report table as CSV (RFC 4180): a header row, then one row per table row, with the texts
 * the table shows, except where a column says what the file holds instead (`csv`, `csvTitle`). A UTF-8 byte order mark first, so that spreadsheet programs read
 * Chinese names right; a cell starting with = + - @ is prefixed with ' (no formula injection).
 */
export interface TCsvColumn<R> {
  title: string;
  value: (row: R) => string | number | null;
  /** The column's title in the file when it differs from the table's (a period's date, a unit). */
  csvTitle?: string;
  /**
   * The cell in the file when the table's text does not keep: a date for "Yesterday", hours as a
   * number for "2.9 days", so that the file reads the same tomorrow and a spreadsheet can sum it.
   */
  csv?: (row: R) => string | number | null;
}

function cell(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<R>(columns: readonly TCsvColumn<R>[], rows: readonly R[]): string {
  const lines = [columns.map((c) => cell(c.csvTitle ?? c.title)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => cell((c.csv ?? c.value)(row))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves `text` as a file through a temporary link. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
