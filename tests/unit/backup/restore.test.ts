import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as leagues from '$lib/db/leagues';
import * as players from '$lib/db/players';
import type { PlayerRecord } from '$lib/card/records';
import {
	PAGE_GROUP,
	restoreStaged,
	restoreUnderWay,
	resumeRestore,
	STAGING_DB,
	type RestoreMarker,
	type RestoreStep
} from '$lib/backup/restore';
import * as storeDump from '$lib/db/store-dump';
import type { StoreDump } from '$lib/card/backup-records';
import { pageOf } from '$lib/card/contributions';
import { expectCode, resetDb, wholeStore } from '../db/helpers';
import { expectKept } from '../db/contribution-helpers';
import { expectTotalsKept } from '../db/figures-helpers';
import { leagueWith, playGame } from '../db/league-helpers';

/** The school these tests restore: 4 students, 6 signed games. */
let school: StoreDump;
let leagueId: string;
/** Its signed cards' verdicts, as the store judged them when they were played. */
let verdicts: unknown[];

beforeEach(async () => {
	await resetDb();
	await Dexie.delete(STAGING_DB);
	const made = await leagueWith(['Ana', 'Ben', 'Cai', 'Dee']);
	leagueId = made.leagueId;
	const s = [...made.students.values()] as [PlayerRecord, PlayerRecord, PlayerRecord, PlayerRecord];
	for (let g = 0; g < 6; g++) {
		const seats = g % 2 === 0 ? [s[0], s[1]] : [s[2], s[3]];
		await playGame(leagueId, seats, [5 * (g + 1), 20], { minute: 10 * g });
	}
	school = await wholeStore();
	verdicts = await db.verdicts.toArray();
});

/** The store as parts of one game each (with its log and signatures): many small parts. */
async function smallParts(): Promise<StoreDump[]> {
	const parts: StoreDump[] = [];
	for await (const part of storeDump.dumpInParts(1)) parts.push(part);
	return parts;
}

async function* each(parts: readonly StoreDump[]): AsyncGenerator<StoreDump> {
	for (const part of parts) yield structuredClone(part);
}

/**
 * A replace of `parts` whose tab "dies" once `games` games are written: the restore is left
 * half-written, as a closed tab leaves it.
 */
async function diesWriting(
	parts: readonly StoreDump[],
	games: number,
	opts: { firstLeague?: string } = {}
): Promise<void> {
	const stop = new Error('the tab closed');
	await expect(
		restoreStaged(each(parts), 'replace', {
			...opts,
			batchRecords: 1,
			onProgress: (s) => {
				if (s.step === 'writing' && s.games === games) throw stop;
			}
		})
	).rejects.toBe(stop);
}

/**
 * Empties the device but for a quick game's player of its own: a replace then stages the file
 * (only an empty device is written straight into, `restoreDirect`).
 */
async function deviceOfItsOwn(): Promise<void> {
	await resetDb();
	await players.create('Quinn');
}

/** A replace of `parts`, a part a transaction, the school's league made current: its steps. */
async function replaceTelling(parts: readonly StoreDump[]): Promise<RestoreStep[]> {
	const steps: RestoreStep[] = [];
	await restoreStaged(each(parts), 'replace', {
		firstLeague: leagueId,
		games: 6,
		batchRecords: 1,
		onProgress: (s) => steps.push(s)
	});
	return steps;
}

async function stagingParts(): Promise<number> {
	const staging = new Dexie(STAGING_DB);
	staging.version(1).stores({ parts: 'n' });
	try {
		return await staging.table('parts').count();
	} finally {
		staging.close();
	}
}

describe('a staged restore', () => {
	it('writes part by part, one transaction each, and leaves no marker or staging', async () => {
		const parts = await smallParts();
		// turned-in/received/matches none; 6 games, then sessions none, players, leagues.
		expect(parts.length).toBeGreaterThanOrEqual(8);
		await deviceOfItsOwn();
		const steps = await replaceTelling(parts);
		expect(await wholeStore()).toEqual(school);
		// Checking: before the first part and after each; writing: before the first and after
		// each committed part, its games counted.
		const checking = steps.filter((s) => s.step === 'checking');
		const writing = steps.filter((s) => s.step === 'writing');
		expect(checking).toHaveLength(parts.length + 1);
		expect(checking.at(-1)).toEqual({ step: 'checking', games: 6, total: 6 });
		expect(writing).toHaveLength(parts.length + 1);
		// The games' parts come first (one game each), then the players' and leagues'.
		const after = Array<number>(parts.length - 6).fill(6);
		expect(writing.map((s) => s.games)).toEqual([0, 1, 2, 3, 4, 5, 6, ...after]);
		expect(writing.at(-1)).toEqual({ step: 'writing', games: 6, total: 6 });
		expect(await restoreUnderWay()).toBeNull();
		expect(await stagingParts()).toBe(0);
		expect(await leagues.currentId()).toBe(leagueId);
		// The verdicts are judged again as the store judged them when the cards were signed.
		expect(verdicts).toHaveLength(6);
		expect(await db.verdicts.toArray()).toEqual(verdicts);
	});

	it('writes a replace’s games page by page (standings page), not in the file’s order', async () => {
		// Parts of three games each, the games in descending order of their group of standings
		// pages (the file's order by id falls there by chance, the ids being random): each part
		// spans groups, and the order given is never the order written.
		const parts = await smallParts();
		const groupOf = (id: string) => Math.floor(pageOf(id) / PAGE_GROUP);
		const gameParts = parts
			.filter((p) => p.games.length > 0)
			.sort((a, b) => groupOf(b.games[0]!.id) - groupOf(a.games[0]!.id));
		const others = parts.filter((p) => p.games.length === 0);
		const threes: StoreDump[] = [];
		for (let i = 0; i < gameParts.length; i += 3) {
			const group = gameParts.slice(i, i + 3);
			threes.push({
				...group[0]!,
				games: group.flatMap((p) => p.games),
				events: group.flatMap((p) => p.events),
				signatures: group.flatMap((p) => p.signatures)
			});
		}
		const fileOrder = threes.flatMap((p) => p.games.map((g) => g.id));
		// A replace writes a group of pages at a time (`PAGE_GROUP`), its games in the file's order.
		const pages = (ids: string[]) => ids.map(groupOf);
		const inOrder = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
		// Else this school would not tell the two orders apart.
		expect(inOrder(pages(fileOrder))).toBe(false);
		await deviceOfItsOwn();
		// The games in the order the store is given them, as each write adds them.
		const written: string[] = [];
		const adding = (_key: unknown, game: { id: string }) => void written.push(game.id);
		db.games.hook('creating', adding);
		try {
			await restoreStaged(each([...threes, ...others]), 'replace', { batchRecords: 1 });
		} finally {
			db.games.hook('creating').unsubscribe(adding);
		}
		expect(await wholeStore()).toEqual(school);
		expect([...written].sort()).toEqual([...fileOrder].sort());
		expect(inOrder(pages(written))).toBe(true);
	});

	it('refuses to finish when a staged part has gone missing, the marker kept', async () => {
		const parts = await smallParts();
		await deviceOfItsOwn();
		await diesWriting(parts, 2);
		// One part not yet written is lost from the staging database (storage evicted, say).
		const staging = new Dexie(STAGING_DB);
		staging.version(1).stores({ parts: 'n' });
		const keys = (await staging.table('parts').toCollection().primaryKeys()) as number[];
		const marker = (await restoreUnderWay()) as RestoreMarker;
		await staging.table('parts').delete(keys.find((k) => k >= marker.next)!);
		staging.close();
		await expectCode(resumeRestore(), 'incoming-damaged');
		expect(await restoreUnderWay()).not.toBeNull();
	});

	it('replacing a store with itself, written a part at a time, gives the same store', async () => {
		await restoreStaged(each(await smallParts()), 'replace');
		expect(await wholeStore()).toEqual(school);
	});

	it('is finished at the next start when the tab died while writing', async () => {
		const parts = await smallParts();
		await deviceOfItsOwn();
		// The tab "dies" after the third part is committed.
		await diesWriting(parts, 3, { firstLeague: leagueId });
		const marker = (await restoreUnderWay()) as RestoreMarker;
		// Three parts written; `next` is the key of the first part left (keys by page, `pageKey`).
		expect(marker).toMatchObject({ phase: 'applying', mode: 'replace', applied: 3 });
		expect(marker.parts).toBe(parts.length);
		expect(await db.games.count()).toBe(3);

		expect(await resumeRestore()).toBe('finished');
		expect(await wholeStore()).toEqual(school);
		expect(await restoreUnderWay()).toBeNull();
		expect(await stagingParts()).toBe(0);
		expect(await resumeRestore()).toBeNull();
	});

	it('left half-written, is finished before another restore starts', async () => {
		const parts = await smallParts();
		await deviceOfItsOwn();
		await diesWriting(parts, 2);
		expect(await db.games.count()).toBeLessThan(6);
		// A merge of the same file's leagues alone: the first restore is finished, then merged into.
		const leaguesOnly = parts.filter((p) => p.leagues.length > 0);
		await restoreStaged(each(leaguesOnly), 'merge');
		expect(await wholeStore()).toEqual(school);
		expect(await restoreUnderWay()).toBeNull();
	});

	it('is discarded at the next start when the tab died while staging: nothing changed', async () => {
		const parts = await smallParts();
		const other = await leagueWith(['Eve'], 'Period 5');
		const before = await wholeStore();
		// A file read that never ends: the tab closes while the parts are staged.
		async function* stalled(): AsyncGenerator<StoreDump> {
			yield structuredClone(parts[0]!);
			yield structuredClone(parts[1]!);
			await new Promise(() => undefined);
		}
		void restoreStaged(stalled(), 'replace');
		await expect.poll(async () => (await restoreUnderWay())?.phase).toBe('staging');
		await expect.poll(stagingParts).toBe(2);

		expect(await resumeRestore()).toBe('discarded');
		expect(await wholeStore()).toEqual(before);
		expect(await restoreUnderWay()).toBeNull();
		expect(await stagingParts()).toBe(0);
		expect(before.leagues.map((l) => l.id)).toContain(other.leagueId);
	});

	it.each(['replace', 'merge'] as const)(
		'with a bad record in its last part changes nothing (%s)',
		async (mode) => {
			const parts = await smallParts();
			const last = parts.at(-1)!;
			last.leagues = last.leagues.map((l) => ({ ...l, name: '\u200b' }));
			await leagueWith(['Eve'], 'Period 5');
			const before = await wholeStore();
			await expectCode(restoreStaged(each(parts), mode), 'incoming-name');
			expect(await wholeStore()).toEqual(before);
			expect(await restoreUnderWay()).toBeNull();
			expect(await stagingParts()).toBe(0);
		}
	);

	it('refuses a merge that would take over a game of another league before writing anything', async () => {
		const parts = await smallParts();
		// Every game of the file is newer than the device's copy: a merge would write each.
		const later = new Date(Date.UTC(2027, 0, 1)).toISOString();
		for (const p of parts) p.games = p.games.map((g) => ({ ...g, updatedAt: later }));
		// The device holds a game of another league under the id of the file's last game: its
		// part comes after five parts that would be written.
		const game = parts.filter((p) => p.games.length > 0).at(-1)!.games[0]!;
		const other = await leagueWith(['Eve'], 'Period 5');
		await db.games.update(game.id, { leagueId: other.leagueId });
		const before = await wholeStore();
		await expectCode(restoreStaged(each(parts), 'merge'), 'incoming-id-taken');
		expect(await wholeStore()).toEqual(before);
	});

	it('refused by the file at its end (its links) changes nothing', async () => {
		const parts = await smallParts();
		const before = await wholeStore();
		async function* brokenAtEnd(): AsyncGenerator<StoreDump> {
			yield* each(parts);
			throw new Error('a game names a missing session');
		}
		await expect(restoreStaged(brokenAtEnd(), 'replace')).rejects.toThrow('missing session');
		expect(await wholeStore()).toEqual(before);
		expect(await restoreUnderWay()).toBeNull();
	});
});

describe('a restore onto an empty device', () => {
	it('writes the file straight in, batch by batch, nothing staged, the standings and totals worked out at the end', async () => {
		const parts = await smallParts();
		await resetDb();
		const steps = await replaceTelling(parts);
		expect(await wholeStore()).toEqual(school);
		// One step, checking and writing together: before the first part and after each batch.
		expect(steps.every((s) => s.step === 'restoring')).toBe(true);
		const after = Array<number>(parts.length - 6).fill(6);
		expect(steps.map((s) => s.games)).toEqual([0, 1, 2, 3, 4, 5, 6, ...after]);
		expect(steps.at(-1)).toEqual({ step: 'restoring', games: 6, total: 6 });
		expect(await Dexie.exists(STAGING_DB)).toBe(false);
		expect(await restoreUnderWay()).toBeNull();
		expect(await leagues.currentId()).toBe(leagueId);
		expect(await db.verdicts.toArray()).toEqual(verdicts);
		await expectKept();
		await expectTotalsKept();
		expect(await db.contributions.count()).toBeGreaterThan(0);
		expect(await db.studentTotals.count()).toBe(4);
	});

	it.each([
		['a bad record in its last part', 'incoming-name'],
		['its links, at its end', 'a game names a missing session']
	])('refused by %s, leaves the device empty', async (_, refusal) => {
		const parts = await smallParts();
		async function* file(): AsyncGenerator<StoreDump> {
			if (refusal === 'incoming-name') {
				const last = structuredClone(parts.at(-1)!);
				last.leagues = last.leagues.map((l) => ({ ...l, name: '\u200b' }));
				yield* each([...parts.slice(0, -1), last]);
			} else {
				yield* each(parts);
				throw new Error(refusal);
			}
		}
		await resetDb();
		const empty = await wholeStore();
		const refused = restoreStaged(file(), 'replace', { batchRecords: 1 });
		if (refusal === 'incoming-name') await expectCode(refused, refusal);
		else await expect(refused).rejects.toThrow(refusal);
		expect(await wholeStore()).toEqual(empty);
		expect(await storeDump.isEmpty()).toBe(true);
		for (const t of ['verdicts', 'figures', 'contributions', 'studentTotals', 'dayTotals']) {
			expect(await db.table(t).count()).toBe(0);
		}
		expect(await restoreUnderWay()).toBeNull();
	});

	it('stopped while writing (the tab closed), is undone at the next start, or before the next restore', async () => {
		const parts = await smallParts();
		await resetDb();
		// A file read that stops after three parts: the tab closes with their games written.
		async function* stalled(): AsyncGenerator<StoreDump> {
			yield* each(parts.slice(0, 3));
			await new Promise(() => undefined);
		}
		void restoreStaged(stalled(), 'replace', { batchRecords: 1 });
		await expect.poll(() => db.games.count()).toBe(3);
		expect(await restoreUnderWay()).toMatchObject({ phase: 'direct', mode: 'replace' });

		expect(await resumeRestore()).toBe('undone');
		expect(await storeDump.isEmpty()).toBe(true);
		expect(await db.verdicts.count()).toBe(0);
		expect(await restoreUnderWay()).toBeNull();

		// Stopped again, then a new restore: the half-written one is undone, the new one written.
		void restoreStaged(stalled(), 'replace', { batchRecords: 1 });
		await expect.poll(() => db.games.count()).toBe(3);
		await restoreStaged(each(parts), 'replace');
		expect(await wholeStore()).toEqual(school);
		expect(await restoreUnderWay()).toBeNull();
	});
});
