import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { correct } from '$lib/db/corrections';
import { DB_NAME, MugginsDB, db } from '$lib/db/db';
import { byPlay, type DatedFigures } from '$lib/card/play-order';
import * as figures from '$lib/db/figures';
import * as sessions from '$lib/db/sessions';
import * as signatures from '$lib/db/signatures';
import type { PlayerRecord, StudentFigures } from '$lib/card/records';
import { keptLog } from '$lib/card/verdicts';
import {
	at,
	resetDb,
	SHIPPED_VERSION_10,
	SHIPPED_VERSION_14,
	SHIPPED_VERSION_17,
	logOf,
	putEvent,
	wholeStore
} from './helpers';
import { expectFiguresKept, expectTotalsKept, figuresFromScratch } from './figures-helpers';
import { leagueWith, playGame, signForTest } from './league-helpers';

beforeEach(resetDb);

/** Ana and Ben's card: Ana counts 20, Ben 10, then Ben takes two counts of 10 Ana missed. */
async function stolenCard() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
	const s = (name: string) => students.get(name) as PlayerRecord;
	const gameId = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { steals: 2 });
	return { leagueId, s, gameId };
}

/** Student `playerId`'s row on each of their counted cards, in play order. */
async function rowsOf(leagueId: string, playerId: string): Promise<StudentFigures[]> {
	return (await figures.ofStudent(leagueId, playerId)).map((f) =>
		f.rows.find((r) => r.player === playerId)!
	);
}

describe('the figures of a counted card, kept in the write that counts it', () => {
	it('gives each student their counts, steals made and counts lost to a steal', async () => {
		const { leagueId, s } = await stolenCard();
		// Classroom scoring: a count is worth its pips (Ana 20; Ben 10 and two steals of 10).
		expect(await rowsOf(leagueId, s('Ana').id)).toEqual([
			{
				player: s('Ana').id,
				side: s('Ana').id,
				points: 20,
				place: 2,
				result: 'lost',
				learning: expect.objectContaining({
					countsMade: 1,
					countPoints: 20,
					stealsMade: 0,
					countsMissed: 2,
					missedPoints: 20
				})
			}
		]);
		expect((await rowsOf(leagueId, s('Ben').id))[0]).toMatchObject({
			points: 30,
			place: 1,
			result: 'won',
			learning: { countsMade: 1, countPoints: 10, stealsMade: 2, stealPoints: 20, countsMissed: 0 }
		});
		expect(await figures.ofStudent(leagueId, s('Cara').id)).toEqual([]);
		await expectFiguresKept();
		await expectTotalsKept();
	});

	it('writes none for a card that is not signed yet', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		await playGame(leagueId, [...students.values()], [10, 5], { sign: false });
		expect(await db.figures.count()).toBe(0);
	});

	it('leaves with a void and a reopening, and comes back with unvoid and signing again', async () => {
		const { leagueId, s, gameId } = await stolenCard();
		await cards.voidCard(gameId, 'Wrong rules', { now: at(60) });
		expect(await rowsOf(leagueId, s('Ana').id)).toEqual([]);
		await cards.unvoid(gameId);
		expect(await rowsOf(leagueId, s('Ana').id)).toHaveLength(1);
		await signatures.reopen(gameId, 'Missed a count', { now: at(61) });
		expect(await db.figures.count()).toBe(0);
		await signForTest(gameId, at(62));
		expect(await rowsOf(leagueId, s('Ana').id)).toHaveLength(1);
		await expectFiguresKept();
		await expectTotalsKept();
	});

	it("follows the instructor's correction after signing: points and place, the counting as played", async () => {
		const { leagueId, s, gameId } = await stolenCard();
		await correct(gameId, { player: s('Ana').id, points: 15, note: 'A count was missed' });
		const [ana] = await rowsOf(leagueId, s('Ana').id);
		expect(ana).toMatchObject({ points: 35, place: 1, result: 'won' });
		expect((await rowsOf(leagueId, s('Ben').id))[0]).toMatchObject({ points: 30, place: 2 });
		expect(ana!.learning).toMatchObject({ countsMade: 1, countsMissed: 2 });
		await expectFiguresKept();
		await expectTotalsKept();
	});

	it('leaves a card whose events were changed after signing', async () => {
		const { leagueId, s, gameId } = await stolenCard();
		const row = (await logOf(gameId))[0]!;
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set([gameId]));
		expect(await rowsOf(leagueId, s('Ana').id)).toEqual([]);
		await expectFiguresKept();
		await expectTotalsKept();
	});
});

/** League `leagueId`'s figures as `eachOfLeague` gives them, `size` at a time, in play order. */
async function allOf(leagueId: string, size?: number): Promise<DatedFigures[][]> {
	const batches: DatedFigures[][] = [];
	await figures.eachOfLeague(leagueId, (batch) => batches.push(batch), size);
	return batches;
}

describe('eachOfLeague', () => {
	it("dates each card by its session's day, else the day it ended, a batch at a time", async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
		const [ana, ben, cara] = [...students.values()] as PlayerRecord[];
		const session = await sessions.create(leagueId, '2026-01-05');
		const late = await playGame(leagueId, [ana!, ben!], [10, 5]);
		const early = await playGame(leagueId, [ben!, cara!], [5, 15], {
			sessionId: session.id,
			minute: 2
		});
		const whole = await allOf(leagueId);
		expect(whole).toHaveLength(1);
		const found = whole.flat().sort(byPlay);
		expect(found.map((f) => [f.gameId, f.date])).toEqual([
			[early, '2026-01-05'],
			[late, '2026-01-12']
		]);
		// One card a batch: every card still given, once.
		const single = await allOf(leagueId, 1);
		expect(single.map((b) => b.length)).toEqual([1, 1]);
		expect(single.flat().sort(byPlay)).toEqual(found);
		const other = await leagueWith(['Eve'], 'Period 5');
		expect(await allOf(other.leagueId)).toEqual([]);
	});
});

describe('version 12 (the counted cards’ figures)', () => {
	it('fills the figures of every counted card of a version 11 database, and none other', async () => {
		const { leagueId, s, gameId } = await stolenCard();
		const voided = await playGame(leagueId, [s('Ben'), s('Cara')], [5, 10], { minute: 3 });
		await cards.voidCard(voided, 'Wrong rules', { now: at(70) });
		await playGame(leagueId, [s('Ana'), s('Cara')], [5, 10], { minute: 4, sign: false });
		const expected = await figuresFromScratch();
		expect(expected.map((f) => f.gameId)).toEqual([gameId]);
		const stored = await wholeStore();
		const verdicts = await db.verdicts.toArray();
		// Version 11 kept each signed card's log whole, as its upgrade makes them.
		const logs = verdicts.map((v) =>
			keptLog(
				v.gameId,
				stored.events.filter((e) => e.gameId === v.gameId)
			)
		);
		await resetDb();
		const old = new Dexie(DB_NAME);
		old.version(11).stores({ ...SHIPPED_VERSION_10, signedLogs: 'gameId' });
		await old.open();
		for (const [table, rows] of Object.entries(stored)) await old.table(table).bulkAdd(rows);
		await old.table('verdicts').bulkAdd(verdicts);
		await old.table('signedLogs').bulkAdd(logs);
		old.close();

		const upgraded = new MugginsDB();
		const kept = await upgraded.figures.toArray();
		upgraded.close();
		expect(kept).toEqual(expected);
		await expectTotalsKept();
	});
});

describe('version 15 (the totals per student and per day)', () => {
	it('adds up the figures of a version 14 database, each card on its session’s day or the day it ended', async () => {
		const { leagueId, s } = await stolenCard();
		const session = await sessions.create(leagueId, '2026-03-02');
		await playGame(leagueId, [s('Ben'), s('Cara')], [5, 10], { minute: 3, sessionId: session.id });
		await playGame(leagueId, [s('Ana'), s('Cara')], [15, 10], { minute: 4 });
		// Version 14 held no kept logs for these cards here: none is needed to add up figures.
		const tables = ['verdicts', 'figures'] as const;
		const stored = {
			...(await wholeStore()),
			...Object.fromEntries(
				await Promise.all(tables.map(async (t) => [t, await db.table(t).toArray()] as const))
			)
		};
		await resetDb();
		const old = new Dexie(DB_NAME);
		old.version(14).stores(SHIPPED_VERSION_14);
		await old.open();
		for (const [table, rows] of Object.entries(stored)) await old.table(table).bulkAdd(rows);
		old.close();

		const upgraded = new MugginsDB();
		const days = await upgraded.dayTotals.toArray();
		const cara = await upgraded.studentTotals.get([leagueId, s('Cara').id]);
		upgraded.close();
		expect(days.map((d) => d.date)).toContain('2026-03-02');
		expect(cara).toMatchObject({ games: 2, points: 20 });
		await expectTotalsKept();
	});
});

/** `record` without `fields`, as a version that did not have them stored it. */
function without(record: Record<string, unknown>, fields: string[]): Record<string, unknown> {
	return Object.fromEntries(Object.entries(record).filter(([k]) => !fields.includes(k)));
}

describe('version 18 (the standings from the totals)', () => {
	it('gives a version 17 database’s totals their wins and its figures their corrections', async () => {
		const { leagueId, s, gameId } = await stolenCard();
		await playGame(leagueId, [s('Ben'), s('Cara')], [15, 15], { minute: 2 });
		const corrected = await playGame(leagueId, [s('Ana'), s('Cara')], [15, 10], { minute: 3 });
		await correct(corrected, { player: s('Cara').id, points: 10, note: 'Missed 10' });
		await cards.voidCard(gameId, 'played twice');
		// More cards than the upgrade fills at a time (500), of a league with no games here:
		// each of P's wins, every other one shared.
		const many = Array.from({ length: 1_201 }, (_, i) => ({
			gameId: `m${String(i).padStart(4, '0')}`,
			leagueId: 'L2',
			sessionId: null,
			endedAt: '2026-01-12T09:40:00.000Z',
			players: ['P'],
			rows: [
				{
					player: 'P',
					side: 'P',
					points: 5,
					place: 1,
					result: i % 2 === 0 ? ('shared' as const) : ('won' as const),
					learning: null
				}
			]
		}));
		const current = new MugginsDB();
		const held = new Map(
			await Promise.all(current.tables.map(async (t) => [t.name, await t.toArray()] as const))
		);
		current.close();
		const figuresNow = held.get('figures')!;
		const totalsNow = held.get('studentTotals')!;
		expect(figuresNow.filter((f) => 'correctedIn' in f)).toHaveLength(1);
		await resetDb();

		const old = new Dexie(DB_NAME);
		old.version(17).stores(SHIPPED_VERSION_17);
		await old.open();
		for (const [table, rows] of held) {
			const as17 =
				table === 'figures'
					? rows.map((f) => without(f, ['corrections', 'correctedIn']))
					: table === 'studentTotals'
						? rows.map((t) => without(t, ['won', 'shared']))
						: rows;
			await old.table(table).bulkAdd(as17);
		}
		await old.table('figures').bulkAdd(many);
		await old.table('studentTotals').add({
			leagueId: 'L2',
			player: 'P',
			games: 1_201,
			points: 6_005,
			learnedGames: 0,
			learning: {}
		});
		old.close();

		const upgraded = new MugginsDB();
		const byId = (a: { gameId: string }, b: { gameId: string }) => a.gameId.localeCompare(b.gameId);
		expect(
			(await upgraded.figures.where('leagueId').equals(leagueId).toArray()).sort(byId)
		).toEqual([...figuresNow].sort(byId));
		expect(await upgraded.figures.where('correctedIn').equals(leagueId).primaryKeys()).toEqual([
			corrected
		]);
		const ofLeague = upgraded.studentTotals
			.where('[leagueId+player]')
			.between([leagueId, Dexie.minKey], [leagueId, Dexie.maxKey]);
		expect(await ofLeague.toArray()).toEqual(totalsNow);
		expect(await upgraded.studentTotals.get(['L2', 'P'])).toMatchObject({
			won: 1_201,
			shared: 601
		});
		upgraded.close();
	});
});
