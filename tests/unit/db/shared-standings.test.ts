/**
 * Standings shared with the phones: the instructor's switch, and on a phone the latest
 * snapshot kept from receipts and groups' codes (newer wins; foreign ones change nothing).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import type { PlayerRecord } from '$lib/db/records';
import * as receipts from '$lib/db/receipts';
import * as shared from '$lib/db/shared-standings';
import { snapshotFor } from '$lib/league/shared-standings';
import { messageFor } from '$lib/messages';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';
import { at, resetDb } from './helpers';
import { leagueWith, playGame } from './league-helpers';

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

describe('sharing on the instructor’s device', () => {
	it('sends nothing for a league that never shared its standings', async () => {
		expect(await shared.sharing(leagueId)).toBeNull();
		expect(await snapshotFor(leagueId)).toBeUndefined();
	});

	it('sends the standings page’s figures, first names only when chosen', async () => {
		const [anaL, anaB, cleo] = students as [PlayerRecord, PlayerRecord, PlayerRecord];
		await playGame(leagueId, [anaL, cleo], [15, 5], { minute: 1 });
		await playGame(leagueId, [anaB, cleo], [5, 20], { minute: 2 });
		await shared.setSharing(leagueId, { on: true, firstNames: true }, { now: at(5) });
		const sent = await snapshotFor(leagueId, { now: at(6) });
		expect(sent?.at).toBe(at(6));
		expect(sent?.rows).toHaveLength(3);
		// Two students share a first name: each keeps the first letter of the last.
		expect(sent?.rows?.map((r) => r[0]).sort()).toEqual(['Ana B.', 'Ana L.', 'Cleo']);
		const cleoRow = sent?.rows?.find((r) => r[0] === 'Cleo');
		expect(cleoRow?.slice(1, 3)).toEqual([2, 1]);

		await shared.setSharing(leagueId, { on: true, firstNames: false }, { now: at(7) });
		const full = await snapshotFor(leagueId, { now: at(8) });
		expect(full?.rows?.map((r) => r[0]).sort()).toEqual(['Ana Berg', 'Ana Lopez', 'Cleo Diaz']);
		// Changing the names only does not re-date the switch.
		expect((await shared.sharing(leagueId))?.changedAt).toBe(at(5));
	});

	it('sends the word to hide them once sharing is off, dated when it was turned off', async () => {
		await shared.setSharing(leagueId, { on: true, firstNames: true }, { now: at(5) });
		await shared.setSharing(leagueId, { on: false, firstNames: true }, { now: at(9) });
		expect(await snapshotFor(leagueId, { now: at(20) })).toEqual({
			league: leagueId,
			at: at(9),
			rows: null
		});
	});
});

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
