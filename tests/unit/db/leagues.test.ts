import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DB_NAME, db } from '$lib/db/db';
import { MAX_LEAGUE_NAME } from '$lib/card/names';
import * as games from '$lib/db/games';
import * as leagues from '$lib/db/leagues';
import * as matches from '$lib/db/matches';
import * as sessions from '$lib/db/sessions';
import { allSignatures, at, expectCode, resetDb, eventCount } from './helpers';
import { leagueWith, playGame } from './league-helpers';

beforeEach(resetDb);

describe('create', () => {
	it('stores the league cleaned, and the first one becomes current', async () => {
		const league = await leagues.create(
			{ name: '  Period   3 ', termName: 'Trimester 2', start: '2026-01-05', end: '2026-03-27' },
			{ now: at(0) }
		);
		expect(league).toMatchObject({
			name: 'Period 3',
			term: { name: 'Trimester 2', start: '2026-01-05', end: '2026-03-27' },
			rulesetId: 'classroom',
			options: {}
		});
		expect(await leagues.currentId()).toBe(league.id);
		const second = await leagues.create({ name: 'Period 5' });
		expect(await leagues.currentId()).toBe(league.id);
		await leagues.setCurrent(second.id);
		expect(await leagues.currentId()).toBe(second.id);
		expect((await leagues.list()).map((l) => l.name)).toEqual(['Period 5', 'Period 3']);
	});

	it.each([
		[{ name: ' ' }, 'league-name-required'],
		[{ name: 'x'.repeat(MAX_LEAGUE_NAME + 1) }, 'league-name-too-long'],
		[{ name: 'P3', start: '2026-02-30' }, 'bad-date'],
		[{ name: 'P3', start: '2026-03-01', end: '2026-02-01' }, 'term-backwards'],
		[{ name: 'P3', ruleset: 'chess' as never }, 'unknown-ruleset']
	])('refuses %j with %s and stores nothing', async (input, code) => {
		await expectCode(leagues.create(input), code);
		expect(await db.leagues.count()).toBe(0);
	});
});

describe('update', () => {
	it('changes name, term and rules; games already started keep theirs', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const gameId = await playGame(leagueId, [...students.values()], [10, 5], { sign: false });
		await leagues.update(leagueId, {
			name: 'Period 3B',
			ruleset: 'fives-and-threes',
			options: { rounds: 7 }
		});
		expect(await leagues.get(leagueId)).toMatchObject({
			name: 'Period 3B',
			rulesetId: 'fives-and-threes',
			options: { rounds: 7 }
		});
		expect((await games.get(gameId)).record.rulesetId).toBe('classroom');
	});
});

describe('remove', () => {
	it('deletes the league, its sessions, games, events and roster in one go', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
		const other = await leagueWith(['Dan', 'Eve'], 'Period 5');
		const session = await sessions.create(leagueId, '2026-01-12');
		const [ana, ben, cara] = [...students.values()];
		await playGame(leagueId, [ana!, ben!], [10, 5], { sessionId: session.id });
		// Cara also played a quick game on this device: she stays, without the league.
		await games.create({ players: [{ id: cara!.id }, 'Zoe'] });
		expect(await leagues.contents(leagueId)).toEqual({ students: 3, sessions: 1, games: 1 });

		await leagues.setCurrent(leagueId);
		await leagues.remove(leagueId);

		expect(await db.leagues.toArray()).toHaveLength(1);
		expect(await db.sessions.count()).toBe(0);
		expect(await db.games.count()).toBe(1);
		expect(await eventCount()).toBe(0);
		expect((await allSignatures()).length).toBe(0);
		const left = await db.players.toArray();
		expect(left.map((p) => p.name).sort()).toEqual(['Cara', 'Dan', 'Eve', 'Zoe']);
		expect(left.find((p) => p.name === 'Cara')?.leagueId).toBeNull();
		expect(await leagues.currentId()).toBe(other.leagueId);
	});

	it('takes the deleted games out of their UDL matches', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		await leagues.update(leagueId, { name: 'UDL club', ruleset: 'udl' });
		const game = await games.create({
			ruleset: 'udl',
			players: [...students.values()].map((p) => ({ id: p.id })),
			leagueId
		});
		await matches.open(game.id);
		expect(await db.matches.count()).toBe(1);
		await leagues.remove(leagueId);
		expect(await db.matches.count()).toBe(0);
	});

	it('refuses an unknown league', async () => {
		await expectCode(leagues.remove('nope'), 'not-found');
	});
});

describe('schema version 3', () => {
	it('upgrades games stored under version 1: they count (voidedAt and voidReason null)', async () => {
		db.close();
		const old = new Dexie(DB_NAME);
		old.version(1).stores({
			players: 'id, nameKey, leagueId',
			games: 'id, [status+createdAt], *seats, leagueId, sessionId',
			events: '[gameId+seq]',
			meta: 'key'
		});
		await old.table('games').add({ id: 'g-old', status: 'finished', seats: [], leagueId: 'L' });
		old.close();
		await db.open();
		expect(db.verno).toBeGreaterThanOrEqual(3);
		expect(await db.games.get('g-old')).toMatchObject({ voidedAt: null, voidReason: null });
		expect(await db.leagues.count()).toBe(0);
	});

	it('stores new games counting (not voided)', async () => {
		const game = await games.create({ players: ['Ana', 'Ben'] });
		expect(game).toMatchObject({ voidedAt: null, voidReason: null });
	});
});
