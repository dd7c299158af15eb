/** What the instructor's device keeps of the games heard: each entry once, in order. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '$lib/card/records';
import { forgetHeard, hear, liveGames, mergeEntries } from '$lib/sync/live-heard';

function e(seq: number, id = `e${seq}`): EventRecord {
	return {
		gameId: 'g',
		seq,
		event: { id, type: 'score', player: 'p', count: 5 },
		at: '2026-02-03T09:01:00.000Z',
		deviceId: 'phone',
		redoOf: null
	};
}
const seqs = (list: EventRecord[]) => list.map((x) => x.seq);

describe('mergeEntries', () => {
	const CASES: [string, number[], number[], number[]][] = [
		['adds entries that follow', [1, 2], [3, 4], [1, 2, 3, 4]],
		['takes a resend once', [1, 2, 3], [2, 3], [1, 2, 3]],
		['puts an entry that came late in its place', [1, 3], [2], [1, 2, 3]],
		['orders entries that came out of order', [], [3, 1, 2], [1, 2, 3]],
		['keeps what it held when nothing comes', [1], [], [1]]
	];
	for (const [name, held, incoming, out] of CASES) {
		it(name, () =>
			expect(
				seqs(
					mergeEntries(
						held.map((s) => e(s)),
						incoming.map((s) => e(s))
					)
				)
			).toEqual(out)
		);
	}

	it('keeps the entry it held over a different one at the same place', () => {
		expect(mergeEntries([e(1, 'first')], [e(1, 'second')])[0]?.event.id).toBe('first');
	});
});

describe('hear', () => {
	beforeEach(forgetHeard);
	const game = {
		id: 'g',
		rulesetId: 'classroom',
		options: {},
		seats: ['p', 'q'],
		sides: null,
		status: 'in-progress',
		createdAt: '2026-02-03T09:00:00.000Z',
		updatedAt: '2026-02-03T09:00:00.000Z',
		finishedAt: null,
		leagueId: 'l',
		sessionId: 's',
		deviceId: 'phone',
		voidedAt: null,
		voidReason: null,
		signedAt: null,
		fingerprint: null,
		result: null
	};

	it('adds what follows, and takes a resend of the same log once', () => {
		expect(hear({ game, events: [e(1), e(2)] })).toBe(true);
		expect(hear({ game, events: [e(1), e(2), e(3)] })).toBe(true);
		expect(seqs(liveGames.get('g')?.events ?? [])).toEqual([1, 2, 3]);
	});

	it('starts the game over when another phone’s log begins at entry 1', () => {
		hear({ game, events: [e(1), e(2), e(3)] });
		hear({ game, events: [e(1, 'other phone')] });
		expect(liveGames.get('g')?.events.map((x) => x.event.id)).toEqual(['other phone']);
	});

	it('refuses what is not a game with its entries, and changes nothing', () => {
		expect(hear({ game: { id: 'g' }, events: [] })).toBe(false);
		expect(hear('nonsense')).toBe(false);
		expect(liveGames.size).toBe(0);
	});
});
