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
import type { Signer } from '$lib/transfer/sealed';
import type { ReceiptPayload } from '$lib/transfer/schema';
import { newSigner, ownedBy, signedReceipt } from './owner-keys';
import { leagueWith, playGame } from '../db/league-helpers';

let leagueId: string;
let students: PlayerRecord[];
/** The instructor's device: the league is its, as on a phone that joined it. */
let instructor: Signer;

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana Lopez', 'Ana Berg', 'Cleo Diaz']);
	leagueId = made.leagueId;
	students = [...made.students.values()];
	instructor = await newSigner();
	await ownedBy(leagueId, instructor);
});

/** Confirms a receipt of these fields as the instructor's device signs it. */
async function confirmSigned(r: Pick<ReceiptPayload, 'league' | 'at' | 'cards' | 'standings'>) {
	return receipts.confirm(await signedReceipt(instructor, r.league, r.at, r.cards, r.standings));
}

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

describe('standings from the future, and names against the name rule (issue 37, finding 6)', () => {
	const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

	it('refuses a snapshot dated 9999, so later real standings and a hide still replace the held ones', async () => {
		await shared.keep(leagueId, snapshot(10, [['Ana', 1, 1, 20, 1]]));
		const before = await db.meta.toArray();
		const forged = {
			league: leagueId,
			at: '9999-12-31T00:00:00.000Z',
			rows: [['Zed', 9, 9, 999, 1]]
		};
		for (const keep of [
			() => shared.keep(leagueId, forged as StandingsSnapshot),
			() => shared.keepFrom(leagueId, forged)
		]) {
			const said = await keep().then(() => 'kept', messageFor);
			expect(said).toMatch(/dated after tomorrow/);
		}
		expect(await db.meta.toArray()).toEqual(before);
		expect(await shared.keep(leagueId, snapshot(20, [['Ana', 2, 2, 40, 1]]))).toBe(true);
		expect(await shared.keep(leagueId, snapshot(21, null))).toBe(true);
		expect(await shared.held(leagueId)).toBeNull();
	});

	it.each([
		['an hour ahead', 1 / 24, true],
		['23 hours ahead', 23 / 24, true],
		['two days ahead', 2, false]
	])('takes a snapshot dated %s only within a day of its arrival', async (_, days, kept) => {
		const said = await shared.keep(leagueId, { league: leagueId, at: later(days), rows: [] }).then(
			() => 'kept',
			(err: { code?: string }) => err.code
		);
		expect(said).toBe(kept ? 'kept' : 'standings-future');
	});

	it('refuses a receipt whose standings are dated 9999: no card is marked received', async () => {
		const [anaL, , cleo] = students as [PlayerRecord, PlayerRecord, PlayerRecord];
		const gameId = await playGame(leagueId, [anaL, cleo], [15, 5], { minute: 1 });
		const [sent] = await receipts.unsent(leagueId);
		const before = { meta: await db.meta.toArray(), receipts: await db.receipts.toArray() };
		const standings = { league: leagueId, at: '9999-01-01T00:00:00.000Z', rows: [] };
		await expect(
			confirmSigned({
				league: { id: leagueId, name: 'Period 3' },
				at: at(40),
				cards: [{ gameId, fingerprint: sent!.game.fingerprint! }],
				standings
			})
		).rejects.toMatchObject({ code: 'standings-future' });
		expect({ meta: await db.meta.toArray(), receipts: await db.receipts.toArray() }).toEqual(
			before
		);
	});

	it('cleans the names of a snapshot as names typed on the device are', async () => {
		await shared.keepFrom(leagueId, snapshot(10, [['\u202eAna\u200b  Lopez\n', 1, 1, 20, 1]]));
		expect((await shared.held(leagueId))?.rows?.[0]?.[0]).toBe('Ana Lopez');
	});

	it.each([
		['longer than a name may be', 'ا'.repeat(200)],
		['with nothing left once cleaned', '\u200b\u202e'],
		['blank', '   ']
	])('refuses a snapshot with a name %s, changing nothing', async (_, name) => {
		const before = await db.meta.toArray();
		const rows = Array.from({ length: 1000 }, (_, i) => [name, 0, 0, 0, i + 1] as const);
		for (const keep of [
			() =>
				shared.keepFrom(
					leagueId,
					snapshot(
						10,
						rows.map((r) => [...r])
					)
				),
			() =>
				shared.keep(
					leagueId,
					snapshot(
						10,
						rows.map((r) => [...r])
					)
				)
		]) {
			const said = await keep().then(
				() => 'kept',
				(err: { code?: string }) => err.code
			);
			expect(said).toBe('standings-bad');
		}
		expect(await db.meta.toArray()).toEqual(before);
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
		await confirmSigned({ league: league(), at: at(40), cards: [card], standings });
		expect(await shared.held(leagueId)).toEqual(standings);
		expect(await db.receipts.count()).toBe(1);
	});

	it('of another league refuse the whole receipt: no card is marked received', async () => {
		const standings = { league: 'other', at: at(40), rows: [] };
		const said = await confirmSigned({
			league: league(),
			at: at(40),
			cards: [card],
			standings
		}).then(() => 'accepted', messageFor);
		expect(said).toMatch(/another league/);
		expect(await db.receipts.count()).toBe(0);
		expect(await shared.held(leagueId)).toBeNull();
	});

	it('are not kept from a receipt that is not this phone’s', async () => {
		const standings = snapshot(40, [['Ana', 1, 1, 15, 1]]);
		const stranger = { gameId: card.gameId, fingerprint: 'f'.repeat(64) };
		await expect(
			confirmSigned({ league: league(), at: at(40), cards: [stranger], standings })
		).rejects.toMatchObject({ code: 'receipt-not-ours' });
		expect(await shared.held(leagueId)).toBeNull();
	});
});
