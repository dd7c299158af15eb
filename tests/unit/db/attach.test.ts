import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as attaching from '$lib/db/attach';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as signatures from '$lib/db/signatures';
import { at, resetDb } from './helpers';
import { leagueWith, signForTest } from './league-helpers';

let leagueId: string;

/** A quick game of two roster students, played from Home (no league), ended and signed. */
async function signedQuickGame(names: string[]): Promise<string> {
	const game = await games.create({ players: names, now: at(1) });
	await games.append(game.id, { type: 'score', player: game.seats[0]!, count: 15 });
	await games.append(game.id, { type: 'end' }, { now: at(20) });
	await signForTest(game.id);
	return game.id;
}

beforeEach(async () => {
	await resetDb();
	leagueId = (await leagueWith(['Ana', 'Ben'])).leagueId;
});

describe('attaching a signed quick game to a league', () => {
	it('reopens the card so every player signs again for the league, then it counts', async () => {
		const id = await signedQuickGame(['Ana', 'Ben']);
		expect(await cards.counted(leagueId)).toHaveLength(0);
		const attached = await attaching.attachToLeague(id, leagueId, { leagueName: 'Period 3' });
		expect(attached).toMatchObject({ leagueId, signedAt: null, fingerprint: null });
		const set = await signatures.list(id);
		expect(
			set.every((s) => s.setAsideReason === 'Counted for Period 3: every player signs again')
		).toBe(true);
		await signForTest(id, at(60));
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([id]);
	});

	it('refuses a game whose players are not on the roster and leaves the card signed', async () => {
		const id = await signedQuickGame(['Ana', 'Zoe']);
		const before = await db.games.get(id);
		await expect(attaching.attachToLeague(id, leagueId)).rejects.toMatchObject({
			code: 'not-on-roster'
		});
		expect(await db.games.get(id)).toEqual(before);
		expect((await signatures.list(id)).every((s) => s.setAsideAt === null)).toBe(true);
	});
});
