import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as players from '$lib/db/players';
import * as roster from '$lib/db/roster';
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
		[['x'.repeat(players.MAX_NAME_LENGTH + 1)], 'name-too-long']
	])('refuses %j with %s and adds nobody', async (names, code) => {
		const { leagueId } = await leagueWith(['Ben']);
		await expectCode(roster.add(leagueId, names), code);
		expect(await db.players.count()).toBe(1);
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

describe('rename', () => {
	it('renames within the roster and refuses a classmate’s name', async () => {
		const { students } = await leagueWith(['Ana', 'Ben']);
		const ana = students.get('Ana')!;
		expect((await roster.rename(ana.id, 'Anita')).name).toBe('Anita');
		expect((await roster.rename(ana.id, 'ANITA')).name).toBe('ANITA');
		await expectCode(roster.rename(ana.id, 'ben'), 'on-roster');
	});

	it('refuses a player who is on no roster', async () => {
		const quick = await players.create('Quinn');
		await expectCode(roster.rename(quick.id, 'Q'), 'not-on-roster');
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
