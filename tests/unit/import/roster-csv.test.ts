import { describe, expect, it } from 'vitest';
import { toCsv } from '$lib/export/csv';
import {
	guessColumns,
	guessIdColumn,
	studentsToAdd,
	idsToGive,
	namesToAdd,
	parseCsv,
	parseLines,
	preview,
	type ParsedTable
} from '$lib/import/roster-csv';
import { lookalikeKey } from '$lib/card/lookalikes';
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
		['Ana,9\nBen,8', [0]],
		['Student ID,Pupil name\nS-1,Ana', [1]]
	])('picks the name columns of %j', (text, columns) => {
		expect(guessColumns(parseCsv(text))).toEqual(columns);
	});
});

describe('guessIdColumn', () => {
	it.each([
		['Id,Student,Grade\n1,Ana,9', 0],
		['Name,Student ID\nAna,S-1', 1],
		['Name,student_number\nAna,7', 1],
		['Name,Email,SIS ID\nAna,a@s.org,77', 2],
		['Name,E-mail\nAna,a@s.org', 1],
		['Full name,Email address,Grade\nAna,a@s.org,7', 1],
		['Name,Identifier\nAna,S-1', 1],
		['Name,Username\nAna,alopez', 1],
		['Name,Grade\nAna,7', null],
		['Ana,S-1\nBen,S-2', null]
	])('finds the student id column of %j', (text, column) => {
		expect(guessIdColumn(parseCsv(text))).toBe(column);
	});

	it('reads a file whose only known title is the id column as having a header', () => {
		const table = parseCsv('Student ID,Pupil name\nS-1,Ana\n');
		expect(table.headerGuess).toBe(true);
		expect(guessIdColumn(table)).toBe(0);
	});

	it('never offers a name column as the id column', () => {
		expect(guessIdColumn(parseCsv('Id,Name\nAna,1'), [0])).toBeNull();
	});
});

describe('preview with a student id column', () => {
	const long = 'x'.repeat(65);
	it.each<[string, string, string[]]>([
		['ids kept, trimmed', 'Name,Id\nAna, S-1 \nBen,\n', ['2 Ana [S-1]', '3 Ben [-]']],
		[
			'an id too long',
			`Name,Id\nAna,${long}\n`,
			['2 Ana [' + long + ']: Student id longer than 64 characters.']
		],
		[
			'an id with hidden characters',
			'Name,Id\nAna,"S\u200b1"\n',
			['2 Ana [S\u200b1]: Student id holds tabs, line breaks or hidden characters.']
		],
		[
			'an id twice, whatever its case',
			'Name,Id\nAna,a@s.org\nBen,A@S.ORG\n',
			['2 Ana [a@s.org]', '3 Ben [A@S.ORG]: Same student id as row 2.']
		],
		[
			'an id someone on the roster has',
			'Name,Id\nAna,S-9\n',
			['2 Ana [S-9]: Zed on the roster has this student id.']
		],
		[
			'a refused name, whose id is free for a later row',
			'Name,Id\n,S-1\nBen,S-1\n',
			['2  [S-1]: No name in this row.', '3 Ben [S-1]']
		]
	])('%s', (_, text, expected) => {
		const rows = preview(parseCsv(text), { columns: [0], header: true, idColumn: 1 }, [
			'Yan',
			{ name: 'Zed', studentId: 's-9' }
		]);
		expect(
			rows.map(
				(r) =>
					`${r.line} ${r.name} [${r.studentId ?? '-'}]` +
					(r.problem ? `: ${message(r.problem, r.params)}` : '')
			)
		).toEqual(expected);
	});

	it('gives ids to students already on the roster who have none (issue 36, finding 8), and refuses another id than theirs', () => {
		const text = 'Name,Id\nAna,S-1\nBen,S-2\nCara,S-3\nDan,S-4\nEve,\n';
		const existing = [
			{ name: 'Ana', studentId: null },
			{ name: 'ben', studentId: 's-2' },
			{ name: 'Cara', studentId: 'S-9' },
			{ name: 'Eve', studentId: null }
		];
		const rows = preview(parseCsv(text), { columns: [0], header: true, idColumn: 1 }, existing);
		expect(
			rows.map(
				(r) =>
					`${r.line} ${r.name}: ` +
					(r.problem ? message(r.problem, r.params) : r.givesId ? 'gives id' : 'adds')
			)
		).toEqual([
			'2 Ana: gives id',
			'3 Ben: Already on the roster.',
			'4 Cara: Cara on the roster has another student id: S-9.',
			'5 Dan: adds',
			'6 Eve: Already on the roster.'
		]);
		expect(idsToGive(rows)).toEqual([{ name: 'Ana', studentId: 'S-1' }]);
		expect(studentsToAdd(rows)).toEqual([{ name: 'Dan', studentId: 'S-4' }]);
	});

	it('refuses to give a student on the roster an id someone else has, or an earlier row has', () => {
		const text = 'Name,Id\nAna,S-9\nNew,S-5\nBen,S-5\n';
		const existing = [
			{ name: 'Ana', studentId: null },
			{ name: 'Ben', studentId: null },
			{ name: 'Zed', studentId: 'S-9' }
		];
		const rows = preview(parseCsv(text), { columns: [0], header: true, idColumn: 1 }, existing);
		expect(rows.map((r) => (r.problem ? message(r.problem, r.params) : r.givesId))).toEqual([
			'Zed on the roster has this student id.',
			false,
			'Same student id as row 3.'
		]);
	});

	it('adds the students with their ids, and none without an id column', () => {
		const table = parseCsv('Name,Id\nAna,S-1\nBen,S-2\n');
		expect(studentsToAdd(preview(table, { columns: [0], header: true, idColumn: 1 }, []))).toEqual([
			{ name: 'Ana', studentId: 'S-1' },
			{ name: 'Ben', studentId: 'S-2' }
		]);
		expect(studentsToAdd(preview(table, { columns: [0], header: true }, []))).toEqual([
			{ name: 'Ana', studentId: null },
			{ name: 'Ben', studentId: null }
		]);
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

	it('reads Ana with an invisible character after her as Ana, and a name of only blanks as none (issue 37, finding 7)', () => {
		const table = parseLines('Ben\nAna\u034f\nAna\u3164\nAna\u2800\nAna\ufe0f\n\u3164\u2800\n');
		expect(problems(table, [0], false, ['Ana'])).toEqual([
			'1 Ben',
			'2 Ana: Already on the roster.',
			'3 Ana: Already on the roster.',
			'4 Ana: Already on the roster.',
			'5 Ana: Already on the roster.',
			'6 : No name in this row.'
		]);
	});

	it('flags a name that looks the same as a student on the roster or an earlier row, still importing it (issue 37, finding 7)', () => {
		const table = parseLines('\u0410na Lopez\nBen\n\u0412en\nIan\nlan\nCara\n');
		const rows = preview(table, { columns: [0], header: false }, ['Ana Lopez'], { lookalikeKey });
		expect(
			rows.map((r) =>
				r.lookalike ? `${r.name}: ${message('name-looks-alike', { name: r.lookalike })}` : r.name
			)
		).toEqual([
			'\u0410na Lopez: Looks the same as Ana Lopez but is written with other letters: check the spelling.',
			'Ben',
			'\u0412en: Looks the same as Ben but is written with other letters: check the spelling.',
			'Ian',
			'lan: Looks the same as Ian but is written with other letters: check the spelling.',
			'Cara'
		]);
		expect(namesToAdd(rows)).toHaveLength(6);
		expect(
			preview(table, { columns: [0], header: false }, ['Ana Lopez']).some((r) => r.lookalike)
		).toBe(false);
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
