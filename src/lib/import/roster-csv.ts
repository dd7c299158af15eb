/**
 * Reading a class list into a roster: a CSV file from a spreadsheet or gradebook (parsed by
 * papaparse, so quoted commas and line breaks inside names are read right), or names pasted
 * one per line. Pure: it only previews. Nothing is added until the instructor confirms and
 * the roster module stores the rows marked new.
 */
import Papa from 'papaparse';
import { MAX_NAME_LENGTH, cleanName, nameKey } from '$lib/card/names';
import type { NewStudent } from '$lib/card/roster';
import {
	MAX_STUDENT_ID,
	cleanStudentId,
	studentIdKey,
	studentIdProblem
} from '$lib/card/student-ids';
import { CodedError } from '$lib/coded-error';
import type { MessageCode, MessageParams } from '$lib/messages';

/** A file read into rows of cells, before any column is picked. */
export interface ParsedTable {
	/** Every non-blank row, cells as text. */
	rows: string[][];
	/** The widest row's number of cells. */
	width: number;
	/** Whether the first row looks like column titles ("Name", "Student", …). */
	headerGuess: boolean;
}

/** Which cells make a name: one column, or two joined (first name, last name). */
export interface ColumnPick {
	/** 0-based columns whose cells are joined with a space, in this order. */
	columns: number[];
	/** Skip the first row: it holds column titles. */
	header: boolean;
	/** The 0-based column of the school's student id or e-mail; null or left out for none. */
	idColumn?: number | null;
}

/** Someone already on the roster, as the preview checks against them. */
export type OnRoster = string | { name: string; studentId?: string | null };

/** Why a row is not imported (sentences in `messages.ts`). */
export type RowProblem = Extract<
	MessageCode,
	| 'import-no-name'
	| 'import-duplicate'
	| 'import-on-roster'
	| 'import-too-long'
	| 'import-id-too-long'
	| 'import-id-control'
	| 'import-id-duplicate'
	| 'import-id-on-roster'
	| 'import-id-differs'
>;

/** One row of the preview. */
export interface PreviewRow {
	/** The row's number among the file's rows with text (1 = the first), header included. */
	line: number;
	/** The name as it will be stored (cleaned). */
	name: string;
	/** The student id as it will be stored (trimmed); null when none is picked or the cell is blank. */
	studentId: string | null;
	problem: RowProblem | null;
	params: MessageParams;
	/**
	 * The row names a student already on the roster who has no student id yet: importing it
	 * gives them the row's id rather than adding anyone.
	 */
	givesId: boolean;
	/**
	 * The name of a student on the roster, or of an earlier row, that this row's name looks the
	 * same as without being the same name ("Аna" in Cyrillic beside "Ana"); null when none, or
	 * when no `lookalikeKey` was given. A warning: the row is still imported.
	 */
	lookalike: string | null;
}

/** Options of `preview`. */
export interface PreviewOptions {
	/** What two names that look the same share (`$lib/card/lookalikes`, loaded lazily). */
	lookalikeKey?: (name: string) => string;
}

/** Why a whole file cannot be read (sentences in `messages.ts`). */
export type ImportErrorCode = Extract<
	MessageCode,
	| 'import-empty-file'
	| 'import-unreadable'
	| 'import-too-big'
	| 'import-one-file'
	| 'import-no-class'
	| 'oneroster-missing-file'
	| 'oneroster-missing-column'
	| 'oneroster-duplicate-id'
>;

/** A class list that cannot be read at all. Nothing was imported. */
export class ImportError extends CodedError<ImportErrorCode> {
	override readonly name = 'ImportError';
}

/** Largest class list read: far beyond a class, small enough never to hang the page. */
export const MAX_IMPORT_BYTES = 1_000_000;

/** Column titles of a student id or e-mail, the likelier first. */
const ID_TITLES = [
	/^(student|pupil|learner)[ _-]?(id|number|no\.?|#)$/i,
	/^(sis|school|local|state)[ _-]?(id|number)$/i,
	/^(id|identifier|sourced ?id|number|no\.?|#)$/i,
	/^(student )?e-?mail( address)?$/i,
	/^user ?name$/i
];

const HEADER_WORDS =
	/^(name|names|student|students|full name|first name|first|last name|last|surname|given name|family name|nombre|apellido|pupil|learner)s?$/i;

/**
 * Reads CSV `text` (a BOM and blank lines are skipped; the delimiter, comma, semicolon or tab,
 * is detected).
 * @throws ImportError `import-empty-file`, `import-unreadable`, `import-too-big`
 */
export function parseCsv(text: string): ParsedTable {
	const body = text.replace(/^\uFEFF/, '');
	if (body.length > MAX_IMPORT_BYTES) {
		throw new ImportError('import-too-big', { max: '1 MB' });
	}
	const result = Papa.parse<string[]>(body, {
		skipEmptyLines: 'greedy',
		delimitersToGuess: [',', ';', '\t']
	});
	const fatal = result.errors.find((e) => e.type === 'Quotes');
	if (fatal) {
		const row = (fatal.row ?? 0) + 1;
		throw new ImportError('import-unreadable', { detail: `a quote is not closed in row ${row}` });
	}
	const rows = result.data.filter((r) => r.some((c) => c.trim() !== ''));
	if (rows.length === 0) throw new ImportError('import-empty-file');
	const width = Math.max(...rows.map((r) => r.length));
	const first = rows[0] ?? [];
	const headerGuess =
		rows.length > 1 &&
		first.some((c) => HEADER_WORDS.test(c.trim()) || ID_TITLES.some((t) => t.test(c.trim())));
	return { rows, width, headerGuess };
}

/** Names pasted one per line, read as a one-column table without a header; blank lines skipped. */
export function parseLines(text: string): ParsedTable {
	const rows = text
		.replace(/^\uFEFF/, '')
		.split(/\r\n|\r|\n/)
		.filter((line) => line.trim() !== '')
		.map((line) => [line]);
	return { rows, width: 1, headerGuess: false };
}

/**
 * The columns a name is most likely in: the header's "Name" column, or its first-name and
 * last-name columns, else the first column that is not a student id's.
 */
export function guessColumns(table: ParsedTable): number[] {
	const first = table.rows[0] ?? [];
	if (table.headerGuess) {
		const full = first.findIndex((c) => /^(full )?names?$|^students?$/i.test(c.trim()));
		if (full >= 0) return [full];
		const given = first.findIndex((c) => /^(first( name)?|given name|nombre)$/i.test(c.trim()));
		const family = first.findIndex((c) =>
			/^(last( name)?|surname|family name|apellido)$/i.test(c.trim())
		);
		if (given >= 0 && family >= 0) return [given, family];
		if (given >= 0) return [given];
		// Not the id column: "Student ID, Pupil name" has the names second.
		const notId = first.findIndex((c) => !ID_TITLES.some((t) => t.test(c.trim())));
		if (notId > 0) return [notId];
	}
	return [0];
}

/**
 * The column a student id or e-mail is most likely in, by the header's titles ("Student ID",
 * "SIS id", "ID", "Email", …), leaving out the name columns `nameColumns`; null when no title
 * says so (the instructor can still pick one).
 */
export function guessIdColumn(
	table: ParsedTable,
	nameColumns: readonly number[] = []
): number | null {
	if (!table.headerGuess) return null;
	const titles = (table.rows[0] ?? []).map((c) => c.trim());
	for (const title of ID_TITLES) {
		const i = titles.findIndex((c, i) => title.test(c) && !nameColumns.includes(i));
		if (i >= 0) return i;
	}
	return null;
}

/** The student id problem of a row, as the preview words it. */
const ID_ROW_PROBLEM = {
	'student-id-too-long': 'import-id-too-long',
	'student-id-control': 'import-id-control'
} as const;

/**
 * The preview of importing `table` with `pick` onto a roster that already has `existing`
 * students: each row's cleaned name and student id and, for a row that will not be imported,
 * why (no name, too long, already on the roster, the same as an earlier row; a student id
 * too long, with hidden characters, someone else's on the roster or an earlier row's, or
 * another than the one the student on the roster has). A row naming a student on the roster
 * who has no student id gives them the row's (`givesId`); a row whose name looks the same as
 * another's is flagged (`lookalike`) when `opts.lookalikeKey` is given. Rows are numbered as
 * in the file.
 */
export function preview(
	table: ParsedTable,
	pick: ColumnPick,
	existing: readonly OnRoster[],
	opts: PreviewOptions = {}
): PreviewRow[] {
	const onRoster = new Map<string, { name: string; studentId: string | null }>();
	const idOwners = new Map<string, string>();
	const looks = opts.lookalikeKey;
	/** The names seen so far (the roster's, then each imported row's), by what they look like. */
	const seenLooks = new Map<string, { name: string; key: string }>();
	const see = (name: string, key: string) => {
		if (!looks) return;
		const look = looks(name);
		if (!seenLooks.has(look)) seenLooks.set(look, { name, key });
	};
	const lookalikeOf = (name: string, key: string): string | null => {
		const seen = looks ? seenLooks.get(looks(name)) : undefined;
		return seen && seen.key !== key ? seen.name : null;
	};
	for (const e of existing) {
		const [name, studentId] = typeof e === 'string' ? [e, null] : [e.name, e.studentId || null];
		onRoster.set(nameKey(name), { name, studentId });
		see(name, nameKey(name));
		if (studentId) idOwners.set(studentIdKey(studentId), name);
	}
	const idColumn = pick.idColumn ?? null;
	const firstLine = new Map<string, number>();
	const firstIdLine = new Map<string, number>();
	const out: PreviewRow[] = [];
	table.rows.forEach((cells, i) => {
		if (pick.header && i === 0) return;
		const line = i + 1;
		const name = cleanName(pick.columns.map((c) => cells[c] ?? '').join(' '));
		const studentId = idColumn === null ? null : cleanStudentId(cells[idColumn] ?? '');
		const key = nameKey(name);
		const idKey = studentId === null ? null : studentIdKey(studentId);
		const idProblem = studentId === null ? null : studentIdProblem(studentId);
		const held = onRoster.get(key);
		const givesId = held !== undefined && held.studentId === null && idKey !== null;
		let problem: RowProblem | null = null;
		let params: MessageParams = {};
		if (name === '') problem = 'import-no-name';
		else if (name.length > MAX_NAME_LENGTH)
			[problem, params] = ['import-too-long', { max: MAX_NAME_LENGTH }];
		else if (held && !givesId) {
			const differs = held.studentId !== null && idKey !== null;
			if (differs && studentIdKey(held.studentId!) !== idKey)
				[problem, params] = ['import-id-differs', { name: held.name, studentId: held.studentId! }];
			else problem = 'import-on-roster';
		} else if (firstLine.has(key))
			[problem, params] = ['import-duplicate', { row: firstLine.get(key) }];
		else if (idProblem) [problem, params] = [ID_ROW_PROBLEM[idProblem], { max: MAX_STUDENT_ID }];
		else if (idKey !== null && idOwners.has(idKey))
			[problem, params] = ['import-id-on-roster', { name: idOwners.get(idKey) }];
		else if (idKey !== null && firstIdLine.has(idKey))
			[problem, params] = ['import-id-duplicate', { row: firstIdLine.get(idKey) }];
		let lookalike: string | null = null;
		if (problem === null) {
			firstLine.set(key, line);
			if (idKey !== null) firstIdLine.set(idKey, line);
			if (!givesId) lookalike = lookalikeOf(name, key);
			see(name, key);
		}
		out.push({
			line,
			name,
			studentId,
			problem,
			params,
			givesId: problem === null && givesId,
			lookalike
		});
	});
	return out;
}

/** The students `rows` will add, with their student ids: the rows without a problem. */
export function studentsToAdd(rows: readonly PreviewRow[]): NewStudent[] {
	return rows
		.filter((r) => r.problem === null && !r.givesId)
		.map((r) => ({ name: r.name, studentId: r.studentId }));
}

/** The students on the roster `rows` give a student id to (`PreviewRow.givesId`). */
export function idsToGive(rows: readonly PreviewRow[]): NewStudent[] {
	return rows
		.filter((r) => r.problem === null && r.givesId)
		.map((r) => ({ name: r.name, studentId: r.studentId }));
}

/** The names `rows` will add: the rows without a problem. */
export function namesToAdd(rows: readonly PreviewRow[]): string[] {
	return studentsToAdd(rows).map((r) => r.name);
}
