/**
 * Class lists exported by student information systems in the OneRoster 1.1 CSV layout:
 * users.csv (sourcedId, givenName, familyName, role, identifier, email, …) with
 * enrollments.csv (classSourcedId, userSourcedId, role), and classes.csv for the classes'
 * titles when it is there. Files are told apart by their columns, so a renamed file still
 * reads. Pure: it turns the files into a table for the roster's import preview, which checks
 * every name and student id as it does for any class list.
 */
import Papa from 'papaparse';
import { cleanName } from '$lib/card/names';
import { ImportError, MAX_IMPORT_BYTES, type ParsedTable } from './roster-csv';

/** A file as picked: its name and text. */
export interface PickedFile {
	name: string;
	text: string;
}

/** A student of a class, as the files list them. */
export interface RosterStudent {
	name: string;
	/** The `identifier` column, else `email`; null when both are blank. */
	studentId: string | null;
}

/** One class of the files, with its enrolled students in the users file's order. */
export interface RosterClass {
	sourcedId: string;
	/** classes.csv's title, else "Class " and its id. */
	title: string;
	students: RosterStudent[];
}

type Row = Record<string, string>;

const USERS = ['sourcedId', 'givenName', 'familyName'];
const ENROLLMENTS = ['classSourcedId', 'userSourcedId', 'role'];
const CLASSES = ['sourcedId', 'title'];

/** Whether `text` opens with a OneRoster file's header (it has a `sourcedId` column). */
export function looksLikeOneRoster(text: string): boolean {
	const first = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
	return /(^|[,;\t"])\s*(sourcedId|classSourcedId|userSourcedId)\s*("|[,;\t]|$)/i.test(first);
}

/** A file's rows keyed by its (trimmed) column titles, and the titles. */
function table(file: PickedFile): { columns: string[]; rows: Row[] } {
	if (file.text.length > MAX_IMPORT_BYTES * 10) {
		throw new ImportError('import-too-big', { max: '10 MB' });
	}
	const result = Papa.parse<Row>(file.text.replace(/^\uFEFF/, ''), {
		header: true,
		skipEmptyLines: 'greedy',
		transformHeader: (h) => h.trim()
	});
	const fatal = result.errors.find((e) => e.type === 'Quotes');
	if (fatal) {
		throw new ImportError('import-unreadable', {
			detail: `a quote is not closed in ${file.name}, row ${(fatal.row ?? 0) + 2}`
		});
	}
	return { columns: result.meta.fields ?? [], rows: result.data };
}

/** A column title as the files spell it, found without regard to case. */
function has(columns: readonly string[], wanted: string): boolean {
	return columns.some((c) => c.toLowerCase() === wanted.toLowerCase());
}

/** `row`'s cell under `column` (any case), trimmed; '' when missing. */
function cell(row: Row, column: string): string {
	const key = Object.keys(row).find((k) => k.toLowerCase() === column.toLowerCase());
	return (key === undefined ? '' : (row[key] ?? '')).trim();
}

/**
 * A check that each `sourcedId` of file `file` comes once: the second row with one already
 * seen is refused, naming both rows (as a spreadsheet numbers them, the header being row 1),
 * rather than silently taking the place of the first.
 */
function once(file: string): (sourcedId: string, order: number) => void {
	const first = new Map<string, number>();
	return (sourcedId, order) => {
		const seen = first.get(sourcedId);
		if (seen !== undefined) {
			throw new ImportError('oneroster-duplicate-id', { file, first: seen + 2, second: order + 2 });
		}
		first.set(sourcedId, order);
	};
}

/**
 * The classes of OneRoster `files` that have students enrolled, by title: each with its
 * students (enrollment role "student"; teachers and others are left out, as are users whose
 * own role is not "student" and records marked "tobedeleted").
 * @throws ImportError `oneroster-missing-file` (users.csv or enrollments.csv not among them),
 * `oneroster-missing-column`, `oneroster-duplicate-id` (a student or a class listed twice), `import-no-class`, `import-unreadable`, `import-too-big`
 */
export function readOneRoster(files: readonly PickedFile[]): RosterClass[] {
	const tables = files.map((f) => ({ file: f, ...table(f) }));
	const find = (needs: string[], not: string[] = []) =>
		tables.find(
			(t) => needs.every((c) => has(t.columns, c)) && !not.some((c) => has(t.columns, c))
		);
	const enrollments = find(['classSourcedId', 'userSourcedId']);
	const users = find(['sourcedId', 'givenName']) ?? find(['sourcedId', 'familyName']);
	const classes = find(CLASSES, ['givenName']);
	if (!users) throw new ImportError('oneroster-missing-file', { file: 'users.csv' });
	if (!enrollments) throw new ImportError('oneroster-missing-file', { file: 'enrollments.csv' });
	for (const [t, needs, file] of [
		[users, USERS, 'users.csv'],
		[enrollments, ENROLLMENTS, 'enrollments.csv']
	] as const) {
		const missing = needs.find((c) => !has(t.columns, c));
		if (missing) throw new ImportError('oneroster-missing-column', { file, column: missing });
	}
	const live = (r: Row) => cell(r, 'status').toLowerCase() !== 'tobedeleted';

	const students = new Map<string, { order: number; student: RosterStudent }>();
	const studentOnce = once(users.file.name);
	users.rows.forEach((r, order) => {
		const role = cell(r, 'role').toLowerCase();
		if (!live(r) || (role !== '' && role !== 'student')) return;
		const name = cleanName(`${cell(r, 'givenName')} ${cell(r, 'familyName')}`);
		const studentId = cell(r, 'identifier') || cell(r, 'email') || null;
		studentOnce(cell(r, 'sourcedId'), order);
		students.set(cell(r, 'sourcedId'), { order, student: { name, studentId } });
	});

	const titles = new Map<string, string>();
	const classOnce = once(classes?.file.name ?? '');
	(classes?.rows ?? []).forEach((r, order) => {
		if (!live(r)) return;
		classOnce(cell(r, 'sourcedId'), order);
		const title = cleanName(cell(r, 'title'));
		if (title) titles.set(cell(r, 'sourcedId'), title);
	});

	const byClass = new Map<string, Set<string>>();
	for (const r of enrollments.rows) {
		if (!live(r) || cell(r, 'role').toLowerCase() !== 'student') continue;
		const user = cell(r, 'userSourcedId');
		if (!students.has(user)) continue;
		const cls = cell(r, 'classSourcedId');
		const members = byClass.get(cls) ?? new Set<string>();
		members.add(user);
		byClass.set(cls, members);
	}
	if (byClass.size === 0) throw new ImportError('import-no-class');

	return [...byClass]
		.map(([sourcedId, members]) => ({
			sourcedId,
			title: titles.get(sourcedId) ?? `Class ${sourcedId}`,
			students: [...members]
				.map((u) => students.get(u)!)
				.sort((a, b) => a.order - b.order)
				.map((s) => s.student)
		}))
		.sort((a, b) => a.title.localeCompare(b.title) || a.sourcedId.localeCompare(b.sourcedId));
}

/**
 * Class `cls` as a class list for the roster's import preview: a header row ("Name",
 * "Student id"), then one row per student. Pick column 0 as the name and 1 as the id.
 */
export function classTable(cls: RosterClass): ParsedTable {
	return {
		rows: [['Name', 'Student id'], ...cls.students.map((s) => [s.name, s.studentId ?? ''])],
		width: 2,
		headerGuess: true
	};
}
