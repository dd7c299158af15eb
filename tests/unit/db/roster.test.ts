import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as players from '$lib/db/players';
import * as roster from '$lib/db/roster';
import { MAX_NAME_LENGTH } from '$lib/card/names';
import { messageFor } from '$lib/messages';
import { expectCode, resetDb } from './helpers';
import { leagueWith } from './league-helpers';

beforeEach(resetDb);

describe('add', () => {
	it('adds students by name, cleaned, listed by name', async () => {
		const { leagueId } = await leagueWith([]);
		await roster.add(leagueId, ['  zoe ', 'Ana   María', 'ben']);
		expect((await roster.list(leagueId)).map((p) => p.name)).toEqual(['Ana María', 'ben', 'zoe']);
	});

	it('lets two classes each have an Ana', async () => {
		const p3 = await leagueWith(['Ana']);
		const p5 = await leagueWith(['Ana'], 'Period 5');
		const [a3] = await roster.list(p3.leagueId);
		const [a5] = await roster.list(p5.leagueId);
		expect(a3!.id).not.toBe(a5!.id);
	});

	it.each([
		[['Ana', 'ANA '], 'on-roster'],
		[['Ana', ''], 'name-required'],
		[['x'.repeat(MAX_NAME_LENGTH + 1)], 'name-too-long']
	])('refuses %j with %s and adds nobody', async (names, code) => {
		const { leagueId } = await leagueWith(['Ben']);
		await expectCode(roster.add(leagueId, names), code);
		expect(await db.players.count()).toBe(1);
	});

	it.each([
		['U+034F', 'Ana\u034f'],
		['U+3164', 'Ana\u3164'],
		['U+2800', 'Ana\u2800'],
		['U+FE0F', 'Ana\uFE0F']
	])('refuses Ana + %s as a second Ana (issue 37, finding 7), adding nobody', async (_, name) => {
		const { leagueId } = await leagueWith(['Ana']);
		const before = await db.players.toArray();
		await expectCode(roster.add(leagueId, [name]), 'on-roster');
		await expectCode(roster.add(leagueId, ['\u3164\u2800\ufe0f']), 'name-required');
		expect(await db.players.toArray()).toEqual(before);
	});

	it('refuses a name already on the roster, and says when that student is retired', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		await expectCode(roster.add(leagueId, ['ana']), 'on-roster');
		await roster.setRetired(students.get('Ben')!.id, true);
		await expectCode(roster.add(leagueId, ['Ben']), 'on-roster-retired');
	});

	it('refuses an unknown league', async () => {
		await expectCode(roster.add('nope', ['Ana']), 'not-found');
	});
});

describe('edit renames', () => {
	it('renames within the roster and refuses a classmate’s name', async () => {
		const { students } = await leagueWith(['Ana', 'Ben']);
		const ana = students.get('Ana')!;
		expect((await roster.edit(ana.id, { name: 'Anita', studentId: '' })).name).toBe('Anita');
		expect((await roster.edit(ana.id, { name: 'ANITA', studentId: '' })).name).toBe('ANITA');
		await expectCode(roster.edit(ana.id, { name: 'ben', studentId: '' }), 'on-roster');
	});

	it('refuses a player who is on no roster', async () => {
		const quick = await players.create('Quinn');
		await expectCode(roster.edit(quick.id, { name: 'Q', studentId: '' }), 'not-on-roster');
	});
});

describe('setRetired', () => {
	it('moves a student to the retired list and back, keeping the record', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const ben = students.get('Ben')!;
		await roster.setRetired(ben.id, true, { now: '2026-02-01T10:00:00.000Z' });
		expect((await roster.list(leagueId)).map((p) => p.name)).toEqual(['Ana']);
		expect(await roster.list(leagueId, { retired: true })).toMatchObject([
			{ name: 'Ben', retiredAt: '2026-02-01T10:00:00.000Z' }
		]);
		expect(await roster.everyone(leagueId)).toHaveLength(2);
		await roster.setRetired(ben.id, false);
		expect(await roster.list(leagueId)).toHaveLength(2);
	});
});

describe('student ids', () => {
	it('keeps a student id trimmed, and a blank one as none', async () => {
		const { leagueId } = await leagueWith([]);
		await roster.add(leagueId, [
			{ name: 'Ana', studentId: '  S-1001 ' },
			{ name: 'Ben', studentId: '   ' },
			'Cara'
		]);
		expect((await roster.list(leagueId)).map((p) => [p.name, p.studentId])).toEqual([
			['Ana', 'S-1001'],
			['Ben', null],
			['Cara', null]
		]);
	});

	it.each([
		['x'.repeat(65), 'student-id-too-long', 'A student id can have at most 64 characters.'],
		[
			'S-1\t001',
			'student-id-control',
			'A student id cannot hold tabs, line breaks or hidden characters.'
		],
		[
			'S-1\u200b001',
			'student-id-control',
			'A student id cannot hold tabs, line breaks or hidden characters.'
		]
	])('refuses the id %j with %s and adds nobody', async (studentId, code, words) => {
		const { leagueId } = await leagueWith(['Ben']);
		const err: unknown = await roster.add(leagueId, [{ name: 'Ana', studentId }]).catch((e) => e);
		expect(err).toMatchObject({ code });
		expect(messageFor(err)).toBe(words);
		expect(await db.players.count()).toBe(1);
	});

	it('takes an id of exactly 64 characters', async () => {
		const { leagueId } = await leagueWith([]);
		const [ana] = await roster.add(leagueId, [{ name: 'Ana', studentId: 'x'.repeat(64) }]);
		expect(ana!.studentId).toHaveLength(64);
	});

	it('refuses an id that another student of the league has, whatever its case', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		await roster.edit(students.get('Ana')!.id, { name: 'Ana', studentId: 'ana@school.org' });
		const err: unknown = await roster
			.edit(students.get('Ben')!.id, { name: 'Ben', studentId: 'ANA@school.org' })
			.catch((e) => e);
		expect(err).toMatchObject({ code: 'student-id-taken' });
		expect(messageFor(err)).toBe(
			'Ana already has the student id “ana@school.org”: each student needs their own.'
		);
		await expectCode(
			roster.add(leagueId, [{ name: 'Cara', studentId: 'ana@school.org' }]),
			'student-id-taken'
		);
		await expectCode(
			roster.add(leagueId, [
				{ name: 'Cara', studentId: 'S-1' },
				{ name: 'Dan', studentId: 's-1' }
			]),
			'student-id-taken'
		);
		expect(await db.players.count()).toBe(2);
	});

	it('lets another league use the same id, and takes an id away when it is blanked', async () => {
		const p3 = await leagueWith(['Ana']);
		const p5 = await leagueWith(['Ana'], 'Period 5');
		const a3 = p3.students.get('Ana')!;
		await roster.edit(a3.id, { name: 'Ana', studentId: 'S-1' });
		await roster.edit(p5.students.get('Ana')!.id, { name: 'Ana', studentId: 'S-1' });
		expect((await roster.edit(a3.id, { name: 'Ana', studentId: ' ' })).studentId).toBeNull();
	});
});

describe('addWithIds (issue 36, finding 8: a class list read again gives ids)', () => {
	it('adds new students and gives ids to those on the roster who have none, in one write', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		await roster.edit((await roster.list(leagueId))[1]!.id, { name: 'Ben', studentId: 'S-2' });
		const { added, given } = await roster.addWithIds(
			leagueId,
			[{ name: 'Cara', studentId: 'S-3' }],
			[
				{ name: 'ana', studentId: 'S-1' },
				{ name: 'Ben', studentId: 's-2' }
			]
		);
		expect(added.map((p) => p.name)).toEqual(['Cara']);
		expect(given.map((p) => [p.name, p.studentId])).toEqual([['Ana', 'S-1']]);
		expect((await roster.list(leagueId)).map((p) => [p.name, p.studentId])).toEqual([
			['Ana', 'S-1'],
			['Ben', 'S-2'],
			['Cara', 'S-3']
		]);
	});

	it.each<[string, { name: string; studentId: string }, string]>([
		[
			'another id than the one the student has',
			{ name: 'Ben', studentId: 'S-7' },
			'student-id-differs'
		],
		['an id someone else has', { name: 'Ana', studentId: 'S-2' }, 'student-id-taken'],
		['a name not on the roster', { name: 'Zed', studentId: 'S-8' }, 'not-on-roster']
	])('refuses %s, changing nothing', async (_, give, code) => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		await roster.edit((await roster.list(leagueId))[1]!.id, { name: 'Ben', studentId: 'S-2' });
		const before = await db.players.toArray();
		await expectCode(
			roster.addWithIds(leagueId, [{ name: 'Cara', studentId: 'S-3' }], [give]),
			code
		);
		expect(await db.players.toArray()).toEqual(before);
	});

	it('refuses a new student with an id just given to someone on the roster', async () => {
		const { leagueId } = await leagueWith(['Ana']);
		const before = await db.players.toArray();
		await expectCode(
			roster.addWithIds(
				leagueId,
				[{ name: 'Cara', studentId: 'S-1' }],
				[{ name: 'Ana', studentId: 'S-1' }]
			),
			'student-id-taken'
		);
		expect(await db.players.toArray()).toEqual(before);
	});
});

describe('edit', () => {
	it('changes the name and the student id together', async () => {
		const { students } = await leagueWith(['Ana']);
		const ana = await roster.edit(students.get('Ana')!.id, {
			name: ' Ana  Lee ',
			studentId: ' S-7 '
		});
		expect([ana.name, ana.nameKey, ana.studentId]).toEqual(['Ana Lee', 'ana lee', 'S-7']);
	});

	it.each([
		[{ name: 'Ben', studentId: 'S-9' }, 'on-roster'],
		[{ name: 'Ana Lee', studentId: 's-2' }, 'student-id-taken'],
		[{ name: '', studentId: 'S-9' }, 'name-required'],
		[{ name: 'Ana Lee', studentId: 'S\n9' }, 'student-id-control']
	])('changes neither when %j is refused (%s)', async (change, code) => {
		const { students } = await leagueWith(['Ana', 'Ben']);
		await roster.edit(students.get('Ben')!.id, { name: 'Ben', studentId: 'S-2' });
		const id = students.get('Ana')!.id;
		await expectCode(roster.edit(id, change), code);
		expect(await db.players.get(id)).toMatchObject({ name: 'Ana', studentId: null });
	});
});
