import { describe, expect, it } from 'vitest';
import { toCsv } from '$lib/export/csv';
import {
	guessColumns,
	namesToAdd,
	parseCsv,
	parseLines,
	preview,
	type ParsedTable
} from '$lib/import/roster-csv';
import { message } from '$lib/messages';

function problems(table: ParsedTable, columns: number[], header: boolean, existing: string[] = []) {
	return preview(table, { columns, header }, existing).map((r) =>
		r.problem ? `${r.line} ${r.name}: ${message(r.problem, r.params)}` : `${r.line} ${r.name}`
	);
}

describe('parseCsv', () => {
	it('reads quoted commas and line breaks in names, and skips a BOM and blank lines', () => {
		const table = parseCsv('\uFEFFName,Id\r\n"López, Ana",1\r\n\r\n"Ben\nOkafor",2\r\n');
		expect(table.rows).toEqual([
			['Name', 'Id'],
			['López, Ana', '1'],
			['Ben\nOkafor', '2']
		]);
		expect(table).toMatchObject({ width: 2, headerGuess: true });
	});

	it('detects semicolons and tabs (spreadsheets in many languages use them)', () => {
		expect(parseCsv('Nombre;Grupo\nAna;3\n').rows[1]).toEqual(['Ana', '3']);
		expect(parseCsv('First\tLast\nAna\tLópez\n').rows[1]).toEqual(['Ana', 'López']);
	});

	it('reads what the app’s own exports write', () => {
		const text = toCsv({ header: ['Student'], rows: [['=cmd'], ['Cara, "C"']] });
		expect(parseCsv(text).rows).toEqual([['Student'], ["'=cmd"], ['Cara, "C"']]);
	});

	it('guesses no header when the first row is a name', () => {
		expect(parseCsv('Ana\nBen\n').headerGuess).toBe(false);
	});

	it.each([
		['', 'import-empty-file'],
		['\uFEFF\r\n , \r\n', 'import-empty-file'],
		['Name\n"Ana,1\nBen', 'import-unreadable'],
		['Name\n' + 'x,'.repeat(600_000), 'import-too-big']
	])('refuses %j with %s', (text, code) => {
		expect(() => parseCsv(text)).toThrow(expect.objectContaining({ code }));
	});
});

describe('guessColumns', () => {
	it.each([
		['Id,Student,Grade\n1,Ana,9', [1]],
		['First name,Last name,Id\nAna,López,1', [0, 1]],
		['Id,Surname,First\n1,López,Ana', [2, 1]],
		['Ana,9\nBen,8', [0]]
	])('picks the name columns of %j', (text, columns) => {
		expect(guessColumns(parseCsv(text))).toEqual(columns);
	});
});

describe('preview', () => {
	it('marks empty names, duplicates, names already on the roster, and long names, per row', () => {
		const long = 'x'.repeat(41);
		const table = parseCsv(`Name,Id\nAna,1\n,2\nben,3\n  ANA ,4\nCara,5\n${long},6\n`);
		expect(problems(table, [0], true, ['Ben'])).toEqual([
			'2 Ana',
			'3 : No name in this row.',
			'4 ben: Already on the roster.',
			'5 ANA: Same name as row 2.',
			'6 Cara',
			`7 ${long}: Longer than 40 characters.`
		]);
	});

	it('joins first and last names and imports the header row when told it is a name', () => {
		const table = parseCsv('Ana,López\nBen,Okafor\n');
		expect(namesToAdd(preview(table, { columns: [0, 1], header: false }, []))).toEqual([
			'Ana López',
			'Ben Okafor'
		]);
	});

	it('reads a pasted list one name per line, blank lines skipped', () => {
		const table = parseLines('Ana\r\n\r\n  Ben  Okafor \nCara\n');
		expect(namesToAdd(preview(table, { columns: [0], header: false }, []))).toEqual([
			'Ana',
			'Ben Okafor',
			'Cara'
		]);
	});
});
