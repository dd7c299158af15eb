/**
 * CSV files a spreadsheet or gradebook opens cleanly: UTF-8 with a byte-order mark (so Excel
 * reads accents right), RFC 4180 quoting and CRLF line ends (written by papaparse), numbers
 * left as numbers, and text that a spreadsheet would run as a formula defused with a leading
 * apostrophe. Pure: the caller saves the text.
 */
import Papa from 'papaparse';

/** A cell: text, a number (written as is, never guarded), or empty. */
export type Cell = string | number | null;

/** A whole sheet: the header row and the data rows. */
export interface Sheet {
	header: readonly string[];
	rows: readonly (readonly Cell[])[];
}

/** The byte-order mark that opens every file. */
export const BOM = '\uFEFF';

/**
 * Text starting with one of these is run as a formula by spreadsheets (CSV injection):
 * = + - @, a tab or a carriage return. Unlike papaparse's own default pattern, this looks at
 * the first character only, so a newline later in the cell cannot hide it.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` as a number cell: non-finite numbers (NaN, Infinity) become empty. */
function numberCell(value: number): number | null {
	return Number.isFinite(value) ? value : null;
}

/** The CSV text of `rows` alone (no header), each line ended with CRLF; empty for no rows. */
export function csvRows(rows: readonly (readonly Cell[])[]): string {
	if (rows.length === 0) return '';
	const data = rows.map((row) => row.map((c) => (typeof c === 'number' ? numberCell(c) : c)));
	return (
		Papa.unparse(data, { newline: '\r\n', escapeFormulae: FORMULA_START, header: false }) + '\r\n'
	);
}

/** The opening of a file: the BOM and the header row. */
export function csvHead(header: readonly string[]): string {
	return BOM + csvRows([header]);
}

/**
 * The CSV text of `sheet`, BOM first. A large export is written in parts instead: `csvHead`,
 * then `csvRows` for each batch of rows (`export/league.ts`).
 */
export function toCsv(sheet: Sheet): string {
	return csvHead(sheet.header) + csvRows(sheet.rows);
}

/** `text` made safe for a file name: lower case, letters and digits joined by dashes. */
export function slug(text: string): string {
	return (
		text
			.normalize('NFKD')
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '')
			.slice(0, 40) || 'league'
	);
}

/** The name of an export: `muggins-period-3-standings-2026-03-27.csv`. */
export function csvFileName(league: string, what: string, day: string): string {
	return `muggins-${slug(league)}-${what}-${day}.csv`;
}
