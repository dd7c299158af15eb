import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_NAME, MugginsDB } from '$lib/db/db';

/** The database as version 1 of the app left it on a phone: its schema, and a finished game. */
async function shippedVersion1(): Promise<void> {
	const old = new Dexie(DB_NAME);
	old.version(1).stores({
		players: 'id, nameKey, leagueId',
		games: 'id, [status+createdAt], *seats, leagueId, sessionId',
		events: '[gameId+seq]',
		meta: 'key'
	});
	await old.table('games').add({
		id: 'g1',
		rulesetId: 'classroom',
		options: { target: null },
		seats: ['a', 'b'],
		sides: null,
		status: 'finished',
		createdAt: '2025-10-01T09:00:00.000Z',
		updatedAt: '2025-10-01T09:40:00.000Z',
		finishedAt: '2025-10-01T09:40:00.000Z',
		leagueId: null,
		sessionId: null,
		deviceId: 'd1'
	});
	old.close();
}

afterEach(async () => {
	await Dexie.delete(DB_NAME);
});

describe('version 2 (sign-off)', () => {
	it('gives every game of version 1 the signing fields, unsigned, and a signatures table', async () => {
		await shippedVersion1();
		const upgraded = new MugginsDB();
		expect(await upgraded.games.get('g1')).toMatchObject({
			status: 'finished',
			signedAt: null,
			fingerprint: null,
			result: null
		});
		expect(await upgraded.signatures.where('gameId').equals('g1').count()).toBe(0);
		expect(upgraded.verno).toBeGreaterThanOrEqual(2);
		upgraded.close();
	});
});

describe('version 5 (cards between devices)', () => {
	it('adds an empty inbox and turn-in table, keeping the games of version 1', async () => {
		await shippedVersion1();
		const upgraded = new MugginsDB();
		expect(await upgraded.games.get('g1')).toMatchObject({ status: 'finished' });
		expect(await upgraded.inbox.count()).toBe(0);
		expect(await upgraded.turnIns.count()).toBe(0);
		expect(upgraded.verno).toBe(5);
		upgraded.close();
	});
});
