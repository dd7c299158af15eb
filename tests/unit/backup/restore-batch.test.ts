/**
 * Issue 39: a restore writes its staged parts in large batches, the upkeep working out the
 * derived data (verdicts, kept logs, figures and their totals, contributions) a batch at a time. On random
 * stores built through the app's verbs, the batched restore must leave exactly the store those
 * verbs left, derived tables included, as a restore a part at a time (the code before issue 39)
 * does; and a bad record in any part must change nothing.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as players from '$lib/db/players';
import * as cards from '$lib/db/cards';
import { readPage } from '$lib/card/contributions';
import type { ContributionPageRecord, PlayerRecord } from '$lib/card/records';
import { restoreStaged, restoreUnderWay, STAGING_DB } from '$lib/backup/restore';
import * as storeDump from '$lib/db/store-dump';
import type { RestoreMode } from '$lib/card/merge-plan';
import type { StoreDump } from '$lib/card/backup-records';
import { at, resetDb, putEvent, eventAt, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';

/** A game of a random store: who plays (indexes into the roster), their points, its fate. */
interface PlannedGame {
	seats: number[];
	points: number[];
	sign: boolean;
	voided: boolean;
	/** An entry changed after signing, bypassing the verbs: a card changed after signing. */
	tampered: boolean;
}

const plannedGame = fc.record({
	seats: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 3 }),
	points: fc.array(
		fc.integer({ min: 0, max: 80 }).map((p) => p * 5),
		{
			minLength: 3,
			maxLength: 3
		}
	),
	sign: fc.boolean(),
	voided: fc.boolean(),
	tampered: fc.boolean()
});

/** A random store: one or two leagues of five students, and their games. */
const plannedStore = fc.record({
	leagues: fc.integer({ min: 1, max: 2 }),
	games: fc.array(plannedGame, { minLength: 1, maxLength: 6 }),
	/** Games a part of the file holds (`dumpInParts`): small parts make many batches. */
	partSize: fc.integer({ min: 1, max: 4 })
});

type Planned = { leagues: number; games: PlannedGame[]; partSize: number };

/** Builds `plan` through the app's verbs (the upkeep keeps the derived tables as it goes). */
async function build(plan: Planned): Promise<void> {
	const rosters: PlayerRecord[][] = [];
	const ids: string[] = [];
	for (let l = 0; l < plan.leagues; l++) {
		const names = ['Ana', 'Ben', 'Cai', 'Dee', 'Eve'];
		const made = await leagueWith(names, `Period ${l + 1}`);
		ids.push(made.leagueId);
		rosters.push(names.map((n) => made.students.get(n)!));
	}
	for (const [g, game] of plan.games.entries()) {
		const l = g % plan.leagues;
		const seats = game.seats.map((i) => rosters[l]![i]!);
		const id = await playGame(ids[l]!, seats, game.points, { sign: game.sign, minute: g });
		if (game.sign && game.voided) await cards.voidCard(id, 'played twice');
		if (game.sign && game.tampered) {
			// An entry's time moved after signing: the card still plays, but is not what was signed.
			const first = await eventAt(id, 1);
			await putEvent({ ...first!, at: at(59) });
		}
	}
}

/** A page's cards in order of their game: which page holds a card is the same either way. */
function pageCards(page: ContributionPageRecord) {
	return readPage(page).sort((a, b) => (a.gameId < b.gameId ? -1 : 1));
}

/** Every table a backup holds, and every table derived from them. */
async function everything() {
	return {
		...(await wholeStore()),
		verdicts: await db.verdicts.toArray(),
		figures: await db.figures.toArray(),
		studentTotals: await db.studentTotals.toArray(),
		dayTotals: await db.dayTotals.toArray(),
		contributions: (await db.contributions.toArray()).map((p) => ({
			key: [p.leagueId, p.page],
			cards: pageCards(p)
		}))
	};
}

async function fileOf(partSize: number): Promise<StoreDump[]> {
	const parts: StoreDump[] = [];
	for await (const part of storeDump.dumpInParts(partSize)) parts.push(part);
	return parts;
}

async function* each(parts: readonly StoreDump[]): AsyncGenerator<StoreDump> {
	for (const part of parts) yield structuredClone(part);
}

async function fresh(): Promise<void> {
	await resetDb();
	await Dexie.delete(STAGING_DB);
}

beforeEach(fresh);

describe('a batched restore', () => {
	it('leaves exactly the store the verbs left, derived tables included, as a part at a time does', async () => {
		await fc.assert(
			fc.asyncProperty(plannedStore, async (plan) => {
				await fresh();
				await build(plan);
				const made = await everything();
				const file = await fileOf(plan.partSize);

				// Onto an empty device: written straight in, the league-wide records at the end.
				await fresh();
				await restoreStaged(each(file), 'replace');
				expect(await everything()).toEqual(made);

				await fresh();
				await restoreStaged(each(file), 'replace', { batchRecords: 1 });
				expect(await everything()).toEqual(made);

				// Onto a device with records of its own: staged, then written in batches.
				await fresh();
				await players.create('Quinn');
				await restoreStaged(each(file), 'replace');
				expect(await everything()).toEqual(made);

				// Merged onto an empty store, and onto itself: the same store again.
				await fresh();
				await restoreStaged(each(file), 'merge');
				expect(await everything()).toEqual(made);
				await restoreStaged(each(file), 'merge');
				expect(await everything()).toEqual(made);
			}),
			{ numRuns: 6 }
		);
	}, 120_000);

	/** Spoils one record of `part`, of whatever it holds, so that the checks refuse it. */
	function spoil(part: StoreDump): string {
		if (part.leagues.length > 0) {
			part.leagues[0] = { ...part.leagues[0]!, name: '\u200b' };
			return 'incoming-name';
		}
		if (part.players.length > 0) {
			part.players[0] = { ...part.players[0]!, name: '' };
			return 'incoming-name';
		}
		if (part.events.length > 0) {
			part.events[0] = { ...part.events[0]!, seq: part.events[0]!.seq + 1000 };
			return 'incoming-damaged';
		}
		part.games[0] = { ...part.games[0]!, seats: [...part.games[0]!.seats], id: part.games[0]!.id };
		part.signatures.push({ ...part.signatures[0]!, gameId: 'elsewhere' });
		return 'incoming-damaged';
	}

	it('with a bad record in any part, first, middle or last, changes nothing', async () => {
		await fc.assert(
			fc.asyncProperty(
				plannedStore,
				fc.constantFrom<RestoreMode>('replace', 'merge'),
				fc.nat(),
				fc.boolean(),
				async (plan, mode, at, empty) => {
					await fresh();
					await build(plan);
					const file = await fileOf(plan.partSize);
					// Another league on the device, which a refused restore must leave as it is; or
					// none, an empty device (a replace writes into it straight, and empties it again).
					await fresh();
					if (!empty) await leagueWith(['Zoe', 'Yan'], 'Period 9');
					const before = await everything();
					const spoilable = file
						.map((part, i) => ({ part, i }))
						.filter(
							({ part }) => part.leagues.length + part.players.length + part.events.length > 0
						);
					const { i } = spoilable[at % spoilable.length]!;
					const code = spoil(file[i]!);
					await expect(restoreStaged(each(file), mode)).rejects.toMatchObject({ code });
					expect(await everything()).toEqual(before);
					expect(await restoreUnderWay()).toBeNull();
				}
			),
			{ numRuns: 10 }
		);
	}, 120_000);
});
