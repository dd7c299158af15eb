/**
 * The checks a merged part of a backup passes before it is written (`backup/merge-check.ts`):
 * read only, so a refused part leaves the store as it was; run again inside the transaction
 * that writes it.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkMerge, planInParts } from '$lib/backup/merge-check';
import type { StoreDump } from '$lib/card/backup-records';
import type { PlayerRecord } from '$lib/card/records';
import { resetDb, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';

let leagueId: string;
let gameId: string;
let students: PlayerRecord[];

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben']);
	leagueId = made.leagueId;
	students = [...made.students.values()];
	gameId = await playGame(leagueId, students, [5, 20]);
});

async function* partsOf(file: StoreDump): AsyncGenerator<StoreDump> {
	yield file;
}

describe('checkMerge', () => {
	it('writes nothing of a part the device holds as it is', async () => {
		const m = await checkMerge(await wholeStore(), null);
		for (const t of ['leagues', 'players', 'games', 'events', 'signatures'] as const) {
			expect(m[t].write, t).toEqual([]);
		}
		expect(m.cards).toEqual([]);
	});

	it('refuses a student moved from another league, and changes nothing', async () => {
		const other = await leagueWith(['Zoe'], 'Period 5');
		const zoe = [...other.students.values()][0]!;
		const before = await wholeStore();
		const moved = {
			...before,
			players: before.players.map((p) =>
				p.id === zoe.id ? { ...p, leagueId, updatedAt: '2099-01-01T00:00:00.000Z' } : p
			)
		};
		await expect(checkMerge(moved, null)).rejects.toMatchObject({ code: 'incoming-id-taken' });
		expect(await wholeStore()).toEqual(before);
	});

	it('sends a card of a league held here to its inbox when the file is from outside', async () => {
		const file = await wholeStore();
		const changed = {
			...file,
			games: file.games.map((g) => ({ ...g, fingerprint: 'f'.repeat(64) }))
		};
		const m = await checkMerge(changed, new Set([leagueId]));
		expect(m.games.write).toEqual([]);
		expect(m.cards.map((c) => [c.leagueId, c.checked.game.id])).toEqual([[leagueId, gameId]]);
	});
});

describe('planInParts', () => {
	it('counts a replace as every record of the file added and every one held removed', async () => {
		const file = await wholeStore();
		const plan = await planInParts(partsOf(file), 'replace');
		expect(plan.games).toEqual({ added: 1, updated: 0, kept: 0, removed: 1 });
		expect(plan.players).toEqual({ added: 2, updated: 0, kept: 0, removed: 2 });
		expect(plan.waiting).toBe(0);
	});

	it('counts a merge of the device’s own records as kept', async () => {
		const file = await wholeStore();
		const plan = await planInParts(partsOf(file), 'merge');
		expect(plan.games).toEqual({ added: 0, updated: 0, kept: 1, removed: 0 });
		expect(plan.events.kept).toBe(file.events.length);
		expect(plan.waiting).toBe(0);
	});
});
