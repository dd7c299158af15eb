import { describe, expect, it } from 'vitest';
import { emptyDump, mergePlan } from '$lib/card/merge-plan';
import type { StoreDump } from '$lib/card/backup-records';
import type { GameRecord, LeagueRecord } from '$lib/card/records';

const league = (id: string, updatedAt: string, name = id) =>
	({ id, name, updatedAt, createdAt: '2026-01-01T00:00:00.000Z' }) as unknown as LeagueRecord;

/** A league card, signed and locked with its result when `fingerprint` is given. */
function game(id: string, updatedAt: string, fingerprint: string | null): GameRecord {
	return {
		id,
		leagueId: 'L',
		status: 'finished',
		updatedAt,
		voidedAt: null,
		signedAt: fingerprint ? updatedAt : null,
		fingerprint,
		result: fingerprint ? { sides: [], winners: [] } : null
	} as unknown as GameRecord;
}

const dump = (over: Partial<StoreDump>): StoreDump => ({ ...emptyDump(), ...over });
const T1 = '2026-02-01T10:00:00.000Z';
const T2 = '2026-02-02T10:00:00.000Z';

describe('mergePlan: what a merge writes', () => {
	it.each([
		['a record the device lacks is added', [], [league('a', T1)], 1, 0, 0],
		['a newer version replaces the held one', [league('a', T1)], [league('a', T2)], 0, 1, 0],
		['an older version is kept out', [league('a', T2)], [league('a', T1)], 0, 0, 1],
		['the same version is kept out', [league('a', T1)], [league('a', T1)], 0, 0, 1]
	])('%s', (_, held, file, added, updated, kept) => {
		const m = mergePlan(dump({ leagues: file }), dump({ leagues: held }));
		expect([m.leagues.added, m.leagues.updated, m.leagues.kept]).toEqual([added, updated, kept]);
	});

	it('from outside this device (add only), never replaces a held record, however new', () => {
		const m = mergePlan(
			dump({ leagues: [league('a', T2), league('b', T2)] }),
			dump({ leagues: [league('a', T1)] }),
			true
		);
		expect(m.leagues.write.map((l) => l.id)).toEqual(['b']);
	});

	it('never replaces a counted card with a later one that differs: it is a rival for the inbox', () => {
		const held = dump({ games: [game('g', T1, 'print-1')] });
		const file = dump({
			games: [game('g', T2, 'print-2')],
			events: [{ gameId: 'g', seq: 1 } as never]
		});
		const m = mergePlan(file, held);
		expect(m.rivals.map((g) => g.id)).toEqual(['g']);
		expect(m.games.write).toEqual([]);
		expect(m.events.write).toEqual([]);
	});

	it("takes a game's rows with it: a later unsigned game brings its whole log", () => {
		const held = dump({
			games: [game('g', T1, null)],
			events: [{ gameId: 'g', seq: 1 } as never]
		});
		const file = dump({
			games: [game('g', T2, null)],
			events: [{ gameId: 'g', seq: 1 } as never, { gameId: 'g', seq: 2 } as never]
		});
		const m = mergePlan(file, held);
		expect(m.events.write).toHaveLength(2);
		expect(m.events.plan).toEqual({ added: 1, updated: 1, kept: 0, removed: 0 });
	});
});
