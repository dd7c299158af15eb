/**
 * CSV files a spreadsheet or gradebook opens cleanly: UTF-8 with a byte-order mark (so Excel
 * reads accents right), RFC 4180 quoting and CRLF line ends, numbers left as numbers, and text
 * that a spreadsheet would run as a formula defused with a leading apostrophe. Pure: the caller
 * saves the text.
 *
 * The cells are written here, by papaparse's own rules for the options the app uses (a unit test
 * holds the two to the same text on random sheets): papaparse's general `unparse` looks at each
 * cell for every option it offers, and a school's audit trail has millions of cells.
 */

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

/** Text that must be quoted: a line break, a quote, a comma or a byte-order mark inside. */
const NEEDS_QUOTES = /[\r\n",\uFEFF]/;

/** Text that a formula start, a character to quote, or a space at either end makes special. */
const NEEDS_CARE = /^[=+\-@\t\r ]|[\r\n",\uFEFF]| $/;

/**
 * One cell as papaparse's `unparse` writes it with `escapeFormulae: FORMULA_START`: empty for
 * null, numbers as they print, text quoted (quotes doubled) when it holds a character above or
 * starts or ends with a space, and a formula opened by an apostrophe and quoted.
 */
export function csvCell(c: Cell): string {
	if (c === null) return '';
	if (typeof c === 'number') {
		const n = numberCell(c);
		return n === null ? '' : String(n);
	}
	// Most cells need nothing: one test finds them (an audit trail has millions of cells).
	if (!NEEDS_CARE.test(c)) return c;
	let text = c;
	let quote = false;
	if (FORMULA_START.test(text)) {
		text = `'${text}`;
		quote = true;
	}
	if (text.includes('"')) text = text.replaceAll('"', '""');
	if (quote || NEEDS_QUOTES.test(text) || text.startsWith(' ') || text.endsWith(' ')) {
		return `"${text}"`;
	}
	return text;
}

/** The CSV text of `rows` alone (no header), each line ended with CRLF; empty for no rows. */
export function csvRows(rows: readonly (readonly Cell[])[]): string {
	let out = '';
	for (const row of rows) {
		let line = '';
		for (let i = 0; i < row.length; i++) line += (i > 0 ? ',' : '') + csvCell(row[i]!);
		out += line + '\r\n';
	}
	return out;
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
