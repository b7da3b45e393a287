/**
 * CSV that Excel opens correctly (Korean included) and that cannot run as a formula: RFC 4180 quoting,
 * CRLF line ends, a UTF-8 byte order mark (without it Excel reads UTF-8 as the system's code page),
 * and cells that start like a formula prefixed with an apostrophe (OWASP's "CSV injection" advice).
 */

export const CSV_BOM = "\uFEFF";

/** Characters that make a spreadsheet read a cell as a formula (or a DDE call) when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralized when it starts like a formula, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: the BOM, then each row's cells joined by commas, every line ending in CRLF. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}
