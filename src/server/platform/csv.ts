/**
 * CSV for every owner export (orders, submissions, subscribers). RFC 4180 quoting, CRLF line ends, and a
 * leading `'` on any cell a spreadsheet would run as a formula (CSV injection: `=`, `+`, `-`,
 * `@`, tab, CR), because these cells hold what visitors typed.
 */
export function csvCell(v: string | number | boolean | null | undefined): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows to CSV text, with a BOM so spreadsheet apps read UTF-8 (names in any script). */
export function csvText(rows: (string | number | boolean | null | undefined)[][]): string {
  return '\uFEFF' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
