import { describe, expect, it } from 'vitest';
import {
	classTable,
	looksLikeOneRoster,
	readOneRoster,
	type PickedFile
} from '$lib/import/oneroster';
import { preview, studentsToAdd } from '$lib/import/roster-csv';
import { messageFor } from '$lib/messages';

const USERS = [
	'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
	'u1,active,2026-08-01,true,org1,student,alopez,,Ana,López,,S-1001,ana@school.org,,,,07,',
	'u2,active,2026-08-01,true,org1,teacher,tgray,,Tom,Gray,,T-9,tom@school.org,,,,,',
	'u3,active,2026-08-01,true,org1,student,bokafor,,Ben,Okafor,,,ben@school.org,,,,07,',
	'u4,active,2026-08-01,true,org1,student,cs,,"Cara, Jr.","Singh ""CJ""",,S-1003,,,,,07,',
	'u5,tobedeleted,2026-08-01,true,org1,student,gone,,Gil,Gone,,S-1005,,,,,07,'
].join('\r\n');

const ENROLLMENTS = [
	'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
	'e1,active,,c1,org1,u1,student,false,,',
	'e2,active,,c1,org1,u2,teacher,true,,',
	'e3,active,,c1,org1,u3,student,false,,',
	'e4,active,,c2,org1,u4,student,false,,',
	'e5,active,,c1,org1,u4,student,false,,',
	'e6,active,,c1,org1,u5,student,false,,'
].join('\n');

const CLASSES = [
	'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
	'c1,active,,Math 7 Period 3,07,k1,M7-3,scheduled,,org1,t1,,,3',
	'c2,active,,Art 7,07,k2,A7,scheduled,,org1,t1,,,5'
].join('\n');

const file = (name: string, text: string): PickedFile => ({ name, text });

/** The code and words of what `work` throws. */
function refusal(work: () => unknown): [string, string] {
	try {
		work();
	} catch (err) {
		return [(err as { code: string }).code, messageFor(err)];
	}
	throw new Error('nothing was refused');
}

describe('readOneRoster', () => {
	it('reads a users.csv and enrollments.csv pair: the students of each class, teachers left out', () => {
		const classes = readOneRoster([file('users.csv', USERS), file('enrollments.csv', ENROLLMENTS)]);
		expect(classes).toEqual([
			{
				sourcedId: 'c1',
				title: 'Class c1',
				students: [
					{ name: 'Ana López', studentId: 'S-1001' },
					{ name: 'Ben Okafor', studentId: 'ben@school.org' },
					{ name: 'Cara, Jr. Singh "CJ"', studentId: 'S-1003' }
				]
			},
			{
				sourcedId: 'c2',
				title: 'Class c2',
				students: [{ name: 'Cara, Jr. Singh "CJ"', studentId: 'S-1003' }]
			}
		]);
	});

	it('names the classes from classes.csv, in any order of files, with a BOM and CRLF', () => {
		const classes = readOneRoster([
			file('classes.csv', '\uFEFF' + CLASSES),
			file('enrollments.csv', '\uFEFF' + ENROLLMENTS),
			file('users.csv', '\uFEFF' + USERS)
		]);
		expect(classes.map((c) => [c.title, c.students.length])).toEqual([
			['Art 7', 1],
			['Math 7 Period 3', 3]
		]);
	});

	it('tells the files apart by their columns, not their names', () => {
		const classes = readOneRoster([file('a.csv', ENROLLMENTS), file('b.csv', USERS)]);
		expect(classes).toHaveLength(2);
	});

	it.each<[string, PickedFile[], string, string]>([
		[
			'users.csv alone',
			[file('users.csv', USERS)],
			'oneroster-missing-file',
			'Pick enrollments.csv too: a OneRoster class list comes as users.csv with enrollments.csv (pick both files at once).'
		],
		[
			'enrollments.csv alone',
			[file('enrollments.csv', ENROLLMENTS)],
			'oneroster-missing-file',
			'Pick users.csv too: a OneRoster class list comes as users.csv with enrollments.csv (pick both files at once).'
		],
		[
			'enrollments without a role column',
			[
				file('users.csv', USERS),
				file('enrollments.csv', 'sourcedId,classSourcedId,userSourcedId\ne1,c1,u1')
			],
			'oneroster-missing-column',
			'enrollments.csv has no “role” column, so it is not a OneRoster file. Pick the files exported for OneRoster 1.1.'
		],
		[
			'users without a family name',
			[
				file('users.csv', 'sourcedId,givenName,role\nu1,Ana,student'),
				file('enrollments.csv', ENROLLMENTS)
			],
			'oneroster-missing-column',
			'users.csv has no “familyName” column, so it is not a OneRoster file. Pick the files exported for OneRoster 1.1.'
		],
		[
			'only teachers enrolled',
			[
				file('users.csv', USERS),
				file(
					'enrollments.csv',
					ENROLLMENTS.split('\n')
						.slice(0, 1)
						.concat('e2,active,,c1,org1,u2,teacher,true,,')
						.join('\n')
				)
			],
			'import-no-class',
			'No class to import: the files list no class with students in it.'
		],
		[
			'a quote not closed',
			[
				file('users.csv', USERS + '\nu9,active,,,,student,x,,"Ann,Lee,,S-9'),
				file('e.csv', ENROLLMENTS)
			],
			'import-unreadable',
			'The file could not be read as CSV (a quote is not closed in users.csv, row 7): save it from the spreadsheet as “CSV UTF-8” and try again.'
		]
	])('refuses %s, saying what to pick', (_, files, code, words) => {
		expect(refusal(() => readOneRoster(files))).toEqual([code, words]);
	});
});

describe('readOneRoster with an id listed twice (issue 37, finding 8)', () => {
	const dan = 'u1,active,2026-08-01,true,org1,student,dwu,,Dan,Wu,,S-1009,dan@school.org,,,,07,';

	it('refuses a student sourcedId listed twice, naming both rows, instead of keeping the second', () => {
		const users = file('users.csv', `${USERS}\r\n${dan}`);
		expect(refusal(() => readOneRoster([users, file('enrollments.csv', ENROLLMENTS)]))).toEqual([
			'oneroster-duplicate-id',
			'Rows 2 and 7 of users.csv have the same id, so it is not clear which one is right. Nothing was imported: export the class list again from the school system.'
		]);
	});

	it('refuses a class sourcedId listed twice, naming both rows', () => {
		const classes = file(
			'classes.csv',
			`${CLASSES}\nc1,active,,Drama 7,07,k3,D7,scheduled,,org1,t1,,,6`
		);
		const files = [file('users.csv', USERS), file('enrollments.csv', ENROLLMENTS), classes];
		expect(refusal(() => readOneRoster(files))[1]).toMatch(/^Rows 2 and 4 of classes.csv /);
	});

	it('reads the same id on a teacher or a deleted record beside a student as before', () => {
		const users = `${USERS}\r\nu3,active,2026-08-01,true,org1,teacher,bt,,Bo,Teach,,,,,,,,\r\nu1,tobedeleted,2026-08-01,true,org1,student,x,,X,Y,,,,,,,07,`;
		const [c1] = readOneRoster([file('users.csv', users), file('enrollments.csv', ENROLLMENTS)]);
		expect(c1?.students.map((s) => s.name)).toEqual([
			'Ana López',
			'Ben Okafor',
			'Cara, Jr. Singh "CJ"'
		]);
	});
});

describe('looksLikeOneRoster', () => {
	it.each([
		[USERS, true],
		['\uFEFF' + ENROLLMENTS, true],
		['"sourcedId","title"\n', true],
		['Name,Student ID\nAna,1', false],
		['sourced,Name\n', false]
	])('%#: %s', (text, yes) => {
		expect(looksLikeOneRoster(text)).toBe(yes);
	});
});

describe('classTable', () => {
	it('feeds the roster preview: names with their ids, each id checked', () => {
		const [maths] = readOneRoster([file('users.csv', USERS), file('enrollments.csv', ENROLLMENTS)]);
		const rows = preview(classTable(maths!), { columns: [0], header: true, idColumn: 1 }, [
			{ name: 'Zed', studentId: 's-1003' }
		]);
		expect(studentsToAdd(rows)).toEqual([
			{ name: 'Ana López', studentId: 'S-1001' },
			{ name: 'Ben Okafor', studentId: 'ben@school.org' }
		]);
		expect(rows[2]).toMatchObject({ problem: 'import-id-on-roster', params: { name: 'Zed' } });
	});
});
