/** The standings the instructor's device sends the phones: the page's figures, or a hide. */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerRecord } from '$lib/card/records';
import * as shared from '$lib/class-loop/sharing';
import { snapshotFor } from '$lib/league/standings-sent';
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
