import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceId } from '$lib/db/device';
import * as games from '$lib/db/games';
import * as lists from '$lib/db/lists';
import * as players from '$lib/db/players';
import { toSetup } from '$lib/card/records';
import { newGame } from '$lib/rules/game';
import { at, expectCode, resetDb, rowCounts } from './helpers';

beforeEach(resetDb);

describe('create', () => {
	it('seats new names as new players and known names as the players they are', async () => {
		const ana = await players.create('Ana');
		const game = await games.create({ players: ['ana', 'Ben', 'Cy'], now: at(0) });
		const seated = await players.getMany(game.seats);
		expect(game.seats[0]).toBe(ana.id);
		expect(game.seats.map((id) => seated.get(id)?.name)).toEqual(['Ana', 'Ben', 'Cy']);
	});

	it('seats players given by id', async () => {
		const [a, b] = [await players.create('Ana'), await players.create('Ben')];
		const game = await games.create({ players: [{ id: b.id }, { id: a.id }] });
		expect(game.seats).toEqual([b.id, a.id]);
	});

	it('stores a classroom game in progress, with its times, device and empty league', async () => {
		const game = await games.create({ players: ['Ana', 'Ben', 'Cy'], now: at(0) });
		expect(game).toMatchObject({
			rulesetId: 'classroom',
			sides: null,
			status: 'in-progress',
			createdAt: at(0),
			updatedAt: at(0),
			finishedAt: null,
			leagueId: null,
			sessionId: null,
			deviceId: await deviceId()
		});
		expect((await games.get(game.id)).record).toEqual(game);
	});

	it.each([
		['classroom', undefined, { target: null }],
		['classroom', { target: 150 }, { target: 150 }],
		['block', undefined, { target: 100 }],
		['fives-and-threes', undefined, { rounds: 5 }],
		['fives-and-threes', { rounds: 7 }, { rounds: 7 }],
		['udl', undefined, { target: 150 }]
	] as const)('snapshots the options of %s given %j as %j', async (ruleset, options, snapshot) => {
		const game = await games.create({ ruleset, players: ['Ana', 'Ben'], options });
		expect(game.options).toEqual(snapshot);
	});

	it('turns seats into partners for team play', async () => {
		const game = await games.create({
			ruleset: 'edge-muggins',
			players: ['Ana', 'Ben', 'Cy', 'Di'],
			sides: [
				[0, 2],
				[1, 3]
			]
		});
		const [a, b, c, d] = game.seats;
		expect(game.sides).toEqual([
			[a, c],
			[b, d]
		]);
		expect(newGame(toSetup(game)).sides.map((s) => s.players)).toEqual([
			[a, c],
			[b, d]
		]);
	});

	it.each([
		['one player', { players: ['Ana'] }, 'bad-players'],
		['five players', { players: ['A', 'B', 'C', 'D', 'E'] }, 'bad-players'],
		['a name twice', { players: ['Ana', 'ANA', 'Ben'] }, 'bad-players'],
		['three for udl', { ruleset: 'udl', players: ['A', 'B', 'C'] }, 'player-count'],
		[
			'teams in classroom',
			{
				players: ['A', 'B', 'C', 'D'],
				sides: [
					[0, 2],
					[1, 3]
				]
			},
			'teams-not-allowed'
		],
		[
			'partners side by side',
			{
				ruleset: 'edge-muggins',
				players: ['A', 'B', 'C', 'D'],
				sides: [
					[0, 1],
					[2, 3]
				]
			},
			'bad-sides'
		],
		['a seat that is not there', { players: ['A', 'B'], sides: [[0], [5]] }, 'bad-sides'],
		['rounds in classroom', { players: ['A', 'B'], options: { rounds: 3 } }, 'option-not-used'],
		[
			'a target of 0',
			{ ruleset: 'block', players: ['A', 'B'], options: { target: 0 } },
			'bad-option'
		],
		['an unknown ruleset', { ruleset: 'chess', players: ['A', 'B'] }, 'unknown-ruleset'],
		['an empty name', { players: ['Ana', ' '] }, 'name-required'],
		['an unknown player id', { players: ['Ana', { id: 'nobody' }] }, 'not-found']
	] as [string, games.NewGame, string][])(
		'refuses %s with its code, leaving no game and no new player',
		async (_, input, code) => {
			await players.create('Zed');
			await expectCode(games.create(input), code);
			expect(await rowCounts()).toEqual({ players: 1, games: 0, events: 0 });
		}
	);
});

describe('get', () => {
	it('gives a new game with no events and the state before anything happens', async () => {
		const game = await games.create({ players: ['Ana', 'Ben', 'Cy'] });
		const view = await games.get(game.id);
		expect(view.events).toEqual([]);
		expect(view.state).toEqual(newGame(toSetup(game)));
		expect(view).toMatchObject({ refused: [], undoable: null, redoable: null });
	});

	it('refuses an unknown id', async () => {
		await expectCode(games.get('nope'), 'not-found');
	});
});

describe('list', () => {
	it('lists games in progress and finished games apart, newest first', async () => {
		const ids: string[] = [];
		for (const m of [1, 3, 2, 4]) {
			ids.push((await games.create({ players: ['Ana', 'Ben'], now: at(m) })).id);
		}
		const [g1, g3, g2, g4] = ids;
		await games.append(g3!, { type: 'end' });
		await games.append(g1!, { type: 'end' });
		expect((await games.list({ status: 'in-progress' })).map((g) => g.id)).toEqual([g4, g2]);
		expect((await games.list({ status: 'finished' })).map((g) => g.id)).toEqual([g3, g1]);
		expect((await games.list()).map((g) => g.id)).toEqual([g4, g3, g2, g1]);
	});

	it('gives an empty list when there are no games', async () => {
		expect(await games.list({ status: 'in-progress' })).toEqual([]);
	});
});

describe('latestFinished (Home reads only what it shows)', () => {
	it('gives the games that finished last, the latest first, at most the limit', async () => {
		const ids: string[] = [];
		for (let m = 0; m < 4; m++) {
			ids.push((await games.create({ players: ['Ana', 'Ben'], now: at(m) })).id);
		}
		const [g0, g1, g2] = ids;
		// Started in one order, finished in another.
		await games.append(g2!, { type: 'end' }, { now: at(10) });
		await games.append(g0!, { type: 'end' }, { now: at(11) });
		await games.append(g1!, { type: 'end' }, { now: at(12) });
		expect(await lists.latestFinished(2)).toEqual({
			games: [expect.objectContaining({ id: g1 }), expect.objectContaining({ id: g0 })],
			more: true
		});
		const all = await lists.latestFinished(10);
		expect(all.games.map((g) => g.id)).toEqual([g1, g0, g2]);
		expect(all.more).toBe(false);
	});
});
