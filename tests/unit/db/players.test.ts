import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as games from '$lib/db/games';
import * as players from '$lib/db/players';
import { MAX_NAME_LENGTH } from '$lib/card/names';
import { at, expectCode, resetDb, rowCounts } from './helpers';

beforeEach(resetDb);

describe('create', () => {
	it('stores the name trimmed, with inner spaces made one', async () => {
		const ana = await players.create('  Ana   María ', { now: at(0) });
		expect(ana).toMatchObject({ name: 'Ana María', createdAt: at(0), lastPlayedAt: null });
		expect(await players.get(ana.id)).toEqual(ana);
	});

	it('gives back the existing player for the same name in another case or spacing', async () => {
		const ana = await players.create('Ana López');
		expect(await players.create('ana  LÓPEZ ')).toEqual(ana);
		expect((await rowCounts()).players).toBe(1);
	});

	it('makes one player when two calls race with the same new name', async () => {
		const [a, b] = await Promise.all([players.create('Ben'), players.create('BEN')]);
		expect(a.id).toBe(b.id);
		expect((await rowCounts()).players).toBe(1);
	});

	it.each([
		['', 'name-required'],
		['   ', 'name-required'],
		['x'.repeat(MAX_NAME_LENGTH + 1), 'name-too-long']
	])('refuses %j with %s and stores nothing', async (name, code) => {
		await expectCode(players.create(name), code);
		expect((await rowCounts()).players).toBe(0);
	});
});

describe('get and getMany', () => {
	it('refuses an unknown id', async () => {
		await expectCode(players.get('nobody'), 'not-found');
	});

	it('maps the ids it knows and leaves the others out', async () => {
		const ana = await players.create('Ana');
		const found = await players.getMany([ana.id, 'stranger']);
		expect([...found.keys()]).toEqual([ana.id]);
	});
});

describe('list', () => {
	it('puts the players seated most recently first, then the others by name', async () => {
		for (const name of ['zoe', 'Bea', 'carl', 'Dan', 'Eve']) await players.create(name);
		await games.create({ players: ['Dan', 'Eve'], now: at(1) });
		await games.create({ players: ['carl', 'Dan'], now: at(2) });
		expect((await players.list()).map((p) => p.name)).toEqual(['carl', 'Dan', 'Eve', 'Bea', 'zoe']);
	});

	it('records the time a game seated each player', async () => {
		await games.create({ players: ['Ana', 'Ben'], now: at(3) });
		expect((await players.list()).map((p) => p.lastPlayedAt)).toEqual([at(3), at(3)]);
	});

	it('never moves a later play time back', async () => {
		await games.create({ players: ['Ana', 'Ben'], now: at(9) });
		await games.create({ players: ['Ana', 'Cy'], now: at(4) });
		const byName = new Map((await players.list()).map((p) => [p.name, p.lastPlayedAt]));
		expect(byName.get('Ana')).toBe(at(9));
	});
});
