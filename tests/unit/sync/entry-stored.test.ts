/**
 * A phone hears that an entry was stored, once a burst of them is over, without anything in
 * the tap itself: the write is done first, the call comes after.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as games from '$lib/db/games';
import { onEntryStored, touchesLog } from '$lib/sync/entry-stored';
import { resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';

beforeEach(resetDb);

describe('touchesLog', () => {
	const CASES: [string, string[], boolean][] = [
		['a game’s log', ['idb://muggins/logs/'], true],
		['a game record', ['idb://muggins/games/'], false],
		['another database’s log', ['idb://other/logs/'], false],
		['nothing', [], false]
	];
	for (const [name, parts, touches] of CASES) {
		it(`${touches ? 'is' : 'is not'} touched by ${name}`, () =>
			expect(touchesLog(Object.fromEntries(parts.map((p) => [p, null])), 'muggins')).toBe(touches));
	}
});

describe('onEntryStored', () => {
	it('calls once after a burst of entries, and not for other writes', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [...students.values()];
		const game = await games.create({ players: [{ id: ana!.id }, { id: ben!.id }], leagueId });
		let calls = 0;
		// Long enough that a loaded machine's appends still come within one burst.
		const stop = onEntryStored(() => calls++, 400);
		try {
			await games.create({ players: [{ id: ben!.id }, { id: ana!.id }], leagueId });
			await new Promise((r) => setTimeout(r, 1000));
			expect(calls).toBe(0);
			for (let i = 0; i < 3; i++) {
				await games.append(game.id, { type: 'score', player: ana!.id, count: 5 });
			}
			expect(calls).toBe(0);
			await new Promise((r) => setTimeout(r, 1000));
			expect(calls).toBe(1);
		} finally {
			stop();
		}
		await games.append(game.id, { type: 'score', player: ben!.id, count: 5 });
		await new Promise((r) => setTimeout(r, 1000));
		expect(calls).toBe(1);
	});
});
