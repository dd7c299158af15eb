import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
	BOM,
	FORMULA_START,
	csvCell,
	csvFileName,
	csvRows,
	slug,
	toCsv,
	type Cell
} from '$lib/export/csv';

/** Parses CSV text the way a spreadsheet reads it (after the BOM), every cell as text. */
function parse(text: string): string[][] {
	return Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: true }).data;
}

describe('toCsv', () => {
	it('starts with a BOM, ends rows with CRLF, and writes numbers as numbers', () => {
		const text = toCsv({ header: ['Student', 'Points', 'Win %'], rows: [['Ana', 120, 66.7]] });
		expect(text.startsWith('\uFEFF')).toBe(true);
		expect(text.slice(1)).toBe('Student,Points,Win %\r\nAna,120,66.7\r\n');
		expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
	});

	it('round-trips names with commas, quotes, line breaks, accents and emoji through a parser', () => {
		const names = [
			'López, Ana',
			'Ben "the Bones" Okafor',
			'Cara\nSecond line',
			'Dan\r\nWindows line',
			'  spaced  ',
			'Zoë 🁣',
			''
		];
		const rows = names.map((n, i): Cell[] => [n, i]);
		const back = parse(toCsv({ header: ['Student', 'Row'], rows }));
		expect(back).toEqual([['Student', 'Row'], ...names.map((n, i) => [n, String(i)])]);
	});

	it.each([
		['=HYPERLINK("http://x","y")'],
		['+1+1'],
		['-2+3'],
		['@SUM(A1)'],
		['\t=1'],
		['\r=1'],
		['=1\n+2']
	])('defuses the formula %j with a leading apostrophe', (cell) => {
		const [, row] = parse(toCsv({ header: ['Student'], rows: [[cell]] }));
		expect(row).toEqual([`'${cell}`]);
	});

	it('leaves negative numbers and harmless text alone', () => {
		const text = toCsv({ header: ['A', 'B', 'C'], rows: [[-5, 'Ana-Maria', 'a=b']] });
		expect(parse(text)[1]).toEqual(['-5', 'Ana-Maria', 'a=b']);
	});

	it('writes empty and non-finite cells as empty', () => {
		const text = toCsv({ header: ['A', 'B', 'C'], rows: [[null, Number.NaN, Infinity]] });
		expect(text.slice(1)).toBe('A,B,C\r\n,,\r\n');
	});
});

describe('file names', () => {
	it('name the league and the day, safely', () => {
		expect(csvFileName('Period 3', 'standings', '2026-03-27')).toBe(
			'muggins-period-3-standings-2026-03-27.csv'
		);
		expect(slug('Año 2 / Sección "B"')).toBe('ano-2-seccion-b');
		expect(slug('!!!')).toBe('league');
	});
});

describe('csvRows', () => {
	/** papaparse's `unparse` with the app's options: what `csvRows` must write, cell for cell. */
	function papaparse(rows: Cell[][]): string {
		if (rows.length === 0) return '';
		const data = rows.map((r) =>
			r.map((c) => (typeof c === 'number' && !Number.isFinite(c) ? null : c))
		);
		return (
			Papa.unparse(data, { newline: '\r\n', escapeFormulae: FORMULA_START, header: false }) + '\r\n'
		);
	}

	const cell = fc.oneof(
		fc.constant(null),
		fc.double(),
		fc.integer(),
		fc.string(),
		fc.string({
			unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', '\uFEFF', '=', '+', '-', '@', '\t', 'é')
		}),
		fc.constantFrom('', ' ', '=1', '"', '-0', "'", ' x', 'x ')
	);

	it('writes the text papaparse writes, on random rows', () => {
		fc.assert(
			fc.property(
				fc.array(fc.array(cell, { minLength: 1, maxLength: 8 }), { maxLength: 6 }),
				(rows) => {
					expect(csvRows(rows)).toBe(papaparse(rows));
				}
			),
			{ numRuns: 500 }
		);
	});
});

describe('csvCell', () => {
	// Each rule of the cell writer, one row each: what a cell holds, and the text it becomes.
	it.each<[string, Cell, string]>([
		['empty', null, ''],
		['empty text', '', ''],
		['a number as it prints', 120, '120'],
		['a negative number, never guarded', -5, '-5'],
		['a fraction', 66.7, '66.7'],
		['NaN as empty', Number.NaN, ''],
		['Infinity as empty', -Infinity, ''],
		['plain text as is', 'Ana', 'Ana'],
		['accents and emoji as is', 'Zoë 🁣', 'Zoë 🁣'],
		['a dash inside as is', 'Ana-Maria', 'Ana-Maria'],
		['an apostrophe as is', "O'Neil", "O'Neil"],
		['a comma quoted', 'López, Ana', '"López, Ana"'],
		['a quote doubled and quoted', 'Ben "Bones"', '"Ben ""Bones"""'],
		['a line feed quoted', 'a\nb', '"a\nb"'],
		['a carriage return inside quoted', 'a\rb', '"a\rb"'],
		['a byte-order mark quoted', 'a\uFEFFb', '"a\uFEFFb"'],
		['a leading space quoted', ' a', '" a"'],
		['a trailing space quoted', 'a ', '"a "'],
		['a space alone quoted', ' ', '" "'],
		['= defused and quoted', '=1+1', `"'=1+1"`],
		['+ defused and quoted', '+1', `"'+1"`],
		['- defused and quoted', '-2', `"'-2"`],
		['@ defused and quoted', '@SUM(A1)', `"'@SUM(A1)"`],
		['a leading tab defused', '\t=1', `"'\t=1"`],
		['a leading carriage return defused', '\r=1', `"'\r=1"`],
		['a formula with quotes defused, quotes doubled', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
		['a formula sign after the start left alone', 'a=b', 'a=b'],
		['a formula after a line break only quoted', 'x\n=1', '"x\n=1"']
	])('%s', (_, cell, text) => {
		expect(csvCell(cell)).toBe(text);
	});
});
