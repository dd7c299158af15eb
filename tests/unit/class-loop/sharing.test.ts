/**
 * Standings shared with the phones: the instructor's switch, and on a phone the latest
 * snapshot kept from receipts and groups' codes (newer wins; foreign ones change nothing).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import type { PlayerRecord } from '$lib/card/records';
import * as receipts from '$lib/class-loop/receipts';
import * as shared from '$lib/class-loop/sharing';
import { messageFor } from '$lib/messages';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';
import { at, resetDb } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';

let leagueId: string;
let students: PlayerRecord[];

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana Lopez', 'Ana Berg', 'Cleo Diaz']);
	leagueId = made.leagueId;
	students = [...made.students.values()];
});

function snapshot(minute: number, rows: StandingsSnapshot['rows']): StandingsSnapshot {
	return { league: leagueId, at: at(minute), rows };
}

describe('keeping shared standings on a phone', () => {
	it('keeps the newer snapshot, never an older one over it', async () => {
		expect(await shared.keep(leagueId, snapshot(10, [['Ana', 1, 1, 20, 1]]))).toBe(true);
		expect(await shared.keep(leagueId, snapshot(5, [['Ben', 1, 1, 20, 1]]))).toBe(false);
		expect((await shared.held(leagueId))?.rows).toEqual([['Ana', 1, 1, 20, 1]]);
		expect(await shared.keep(leagueId, snapshot(12, [['Cleo', 2, 2, 40, 1]]))).toBe(true);
		expect((await shared.held(leagueId))?.at).toBe(at(12));
	});

	it('hides them at a newer hide, and shows them again at newer standings', async () => {
		await shared.keep(leagueId, snapshot(10, [['Ana', 1, 1, 20, 1]]));
		await shared.keep(leagueId, snapshot(11, null));
		expect(await shared.held(leagueId)).toBeNull();
		// The older standings, arriving late, do not bring them back.
		await shared.keep(leagueId, snapshot(10, [['Ana', 1, 1, 20, 1]]));
		expect(await shared.held(leagueId)).toBeNull();
		await shared.keep(leagueId, snapshot(13, [['Ana', 2, 1, 30, 1]]));
		expect((await shared.held(leagueId))?.rows).toEqual([['Ana', 2, 1, 30, 1]]);
	});

	it('keeps each league’s apart', async () => {
		await shared.keep(leagueId, snapshot(10, [['Ana', 1, 1, 20, 1]]));
		await shared.keep('other', { league: 'other', at: at(30), rows: [['Zed', 1, 0, 5, 1]] });
		expect((await shared.held(leagueId))?.at).toBe(at(10));
		expect((await shared.held('other'))?.rows).toEqual([['Zed', 1, 0, 5, 1]]);
	});

	it('refuses another league’s standings, changing nothing', async () => {
		await shared.keep(leagueId, snapshot(10, [['Ana', 1, 1, 20, 1]]));
		const said = await shared
			.keep(leagueId, { league: 'other', at: at(30), rows: [] })
			.then(() => 'kept', messageFor);
		expect(said).toBe(
			'Those standings are from another league than this phone’s. Nothing was changed.'
		);
		expect((await shared.held(leagueId))?.at).toBe(at(10));
	});

	it('refuses what is not a snapshot from outside, changing nothing', async () => {
		const before = await db.meta.toArray();
		for (const value of [null, { league: leagueId, at: 'now', rows: [] }, 'standings']) {
			const said = await shared.keepFrom(leagueId, value).then(() => 'kept', messageFor);
			expect(said).toBe(
				'Those standings could not be read. Nothing was changed: ask the instructor to share them again.'
			);
		}
		const unknown = await shared
			.keepFrom('no-such-league', { league: 'no-such-league', at: at(1), rows: [] })
			.then(() => 'kept', messageFor);
		expect(unknown).toMatch(/another league/);
		expect(await db.meta.toArray()).toEqual(before);
		expect(await shared.keepFrom(leagueId, snapshot(3, []))).toBe(true);
	});
});

describe('standings on a receipt', () => {
	let card: { gameId: string; fingerprint: string };

	beforeEach(async () => {
		const [anaL, , cleo] = students as [PlayerRecord, PlayerRecord, PlayerRecord];
		const gameId = await playGame(leagueId, [anaL, cleo], [15, 5], { minute: 1 });
		const [sent] = await receipts.unsent(leagueId);
		card = { gameId, fingerprint: sent!.game.fingerprint! };
	});

	const league = () => ({ id: leagueId, name: 'Period 3' });

	it('are kept with the receipt, in the same write', async () => {
		const standings = snapshot(40, [['Ana', 1, 1, 15, 1]]);
		await receipts.confirm({ league: league(), at: at(40), cards: [card], standings });
		expect(await shared.held(leagueId)).toEqual(standings);
		expect(await db.receipts.count()).toBe(1);
	});

	it('of another league refuse the whole receipt: no card is marked received', async () => {
		const standings = { league: 'other', at: at(40), rows: [] };
		const said = await receipts
			.confirm({ league: league(), at: at(40), cards: [card], standings })
			.then(() => 'accepted', messageFor);
		expect(said).toMatch(/another league/);
		expect(await db.receipts.count()).toBe(0);
		expect(await shared.held(leagueId)).toBeNull();
	});

	it('are not kept from a receipt that is not this phone’s', async () => {
		const standings = snapshot(40, [['Ana', 1, 1, 15, 1]]);
		const stranger = { gameId: card.gameId, fingerprint: 'f'.repeat(64) };
		await expect(
			receipts.confirm({ league: league(), at: at(40), cards: [stranger], standings })
		).rejects.toMatchObject({ code: 'receipt-not-ours' });
		expect(await shared.held(leagueId)).toBeNull();
	});
});
