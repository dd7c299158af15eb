import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import * as corrections from '$lib/db/corrections';
import { pageOf } from '$lib/card/contributions';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as leagues from '$lib/db/leagues';
import * as outbox from '$lib/db/outbox';
import type { GameRecord, PlayerRecord } from '$lib/card/records';
import type { StoreDump } from '$lib/card/backup-records';
import * as sessions from '$lib/db/sessions';
import * as signatures from '$lib/db/signatures';
import { expectKept, keptCount } from './contribution-helpers';
import { at, resetDb, restoreDump, wholeStore } from './helpers';
import { expectFiguresKept, expectTotalsKept } from './figures-helpers';
import { expectVerdictsKept } from './verdict-helpers';
import { leagueWith, playGame, signForTest } from './league-helpers';

beforeEach(resetDb);

/** Two signed games of one league, stored, and their records. */
async function twoSigned(): Promise<{ leagueId: string; records: GameRecord[] }> {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara']);
	const [ana, ben, cara] = [...students.values()] as PlayerRecord[];
	const ids = [
		await playGame(leagueId, [ana!, ben!], [20, 10]),
		await playGame(leagueId, [ben!, cara!], [5, 15], { minute: 2 })
	];
	return { leagueId, records: (await db.games.bulkGet(ids)) as GameRecord[] };
}

/** Ids that land on the same page. */
function samePage(count: number): string[] {
	const ids = ['same-0'];
	for (let i = 1; ids.length < count; i++) {
		if (pageOf(`same-${i}`) === pageOf('same-0')) ids.push(`same-${i}`);
	}
	return ids;
}

describe('every kind of write to games keeps the contributions', () => {
	it('put, add, update, modify, and every kind of delete', async () => {
		const { leagueId, records } = await twoSigned();
		const [a, b] = records as [GameRecord, GameRecord];
		await expectKept();
		await db.games.update(a.id, { voidedAt: at(80), voidReason: 'x' });
		expect(await keptCount(leagueId)).toBe(1);
		await db.games.where('leagueId').equals(leagueId).modify({ voidedAt: null });
		expect(await keptCount(leagueId)).toBe(2);
		await db.games.toCollection().modify((g) => {
			g.signedAt = null;
		});
		expect(await keptCount(leagueId)).toBe(0);
		await db.games.bulkPut(records);
		await expectKept();
		await db.games.delete(a.id);
		await expectKept();
		await expect(db.games.bulkAdd([a, b])).rejects.toMatchObject({ name: 'BulkError' });
		expect(await keptCount(leagueId)).toBe(2);
		await expectKept();
		await db.games.bulkDelete([a.id, 'nope']);
		await db.games.put(a);
		await db.games.where('id').between(a.id, a.id, true, true).delete();
		await expectKept();
		await db.games.where('leagueId').equals(leagueId).delete();
		expect(await keptCount(leagueId)).toBe(0);
		await db.games.add(a);
		await db.games.clear();
		expect(await db.contributions.count()).toBe(0);
	});

	it('two writes at once in one transaction, to one page, both kept', async () => {
		const { records } = await twoSigned();
		const [a] = records as [GameRecord];
		const copies = samePage(4).map((id) => ({ ...a, id }));
		await db.transaction('rw', db.games, () => Promise.all(copies.map((g) => db.games.put(g))));
		await expectKept();
		await db.transaction('rw', db.games, () =>
			Promise.all(copies.map((g, i) => (i % 2 ? db.games.delete(g.id) : db.games.put(g))))
		);
		await expectKept();
	});

	it('a transaction that fails keeps no contribution of its writes', async () => {
		const { leagueId, records } = await twoSigned();
		const [a] = records as [GameRecord];
		await db.games.clear();
		const failing = db.transaction('rw', db.games, async () => {
			await db.games.put(a);
			throw new Error('changed my mind');
		});
		await expect(failing).rejects.toThrow('changed my mind');
		expect(await keptCount(leagueId)).toBe(0);
	});
});

/** One step of the property test: a write the app makes, on one of the games made so far. */
type Step =
	| {
			kind: 'play';
			league: 0 | 1;
			session: boolean;
			sign: boolean;
			points: [number, number];
			steals: number;
	  }
	| {
			kind: 'sign' | 'reopen' | 'void' | 'restore' | 'correct' | 'turn-in' | 'move' | 'delete';
			slot: number;
	  }
	| { kind: 'attach' | 'snapshot' | 'merge' | 'replace' | 'drop-league' };

const slot = fc.nat({ max: 7 });
const step: fc.Arbitrary<Step> = fc.oneof(
	{
		weight: 2,
		arbitrary: fc.record({
			kind: fc.constant('play' as const),
			league: fc.constantFrom(0 as const, 1 as const),
			session: fc.boolean(),
			sign: fc.boolean(),
			points: fc
				.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }))
				.map(([x, y]) => [x * 5, y * 5] as [number, number]),
			steals: fc.nat({ max: 2 })
		})
	},
	{
		weight: 3,
		arbitrary: fc.record({
			kind: fc.constantFrom(
				'sign' as const,
				'reopen' as const,
				'void' as const,
				'restore' as const,
				'correct' as const,
				'turn-in' as const,
				'move' as const,
				'delete' as const
			),
			slot
		})
	},
	fc.record({
		kind: fc.constantFrom(
			'attach' as const,
			'snapshot' as const,
			'merge' as const,
			'replace' as const,
			'drop-league' as const
		)
	})
);

/** Runs `steps` through the app's verbs, checking the contributions after each. */
async function run(steps: readonly Step[]): Promise<void> {
	await resetDb();
	const classes = [
		await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']),
		await leagueWith(['Eve', 'Fay'], 'Period 5')
	];
	const session = await sessions.create(classes[0]!.leagueId, '2026-01-20');
	const made: string[] = [];
	let snapshot: StoreDump | null = null;
	let minute = 1;
	for (const s of steps) {
		const gameId = 'slot' in s ? made[s.slot % Math.max(1, made.length)] : undefined;
		try {
			await apply(s, gameId);
		} catch (e) {
			// A refusal (a card not signed yet, a league gone) changes nothing; anything else is a bug.
			if (typeof (e as { code?: unknown }).code !== 'string') throw e;
		}
		await expectKept();
		// The same writes keep the signature verdicts (issue 14) and the cards' figures (issue 41).
		await expectVerdictsKept();
		await expectFiguresKept();
		await expectTotalsKept();
	}

	async function apply(s: Step, gameId: string | undefined): Promise<void> {
		const [main, other] = classes as [
			Awaited<ReturnType<typeof leagueWith>>,
			Awaited<ReturnType<typeof leagueWith>>
		];
		switch (s.kind) {
			case 'play': {
				const { leagueId, students } = s.league === 0 ? main : other;
				const seated = [...students.values()];
				const first = minute % (seated.length - 1);
				const two = seated.slice(first, first + 2);
				made.push(
					await playGame(leagueId, two, s.points, {
						sessionId: s.session && s.league === 0 ? session.id : undefined,
						sign: s.sign,
						steals: s.steals,
						minute: minute++
					})
				);
				return;
			}
			case 'attach': {
				const seats = [...main.students.values()].slice(0, 2).map((p) => ({ id: p.id }));
				const quick = await games.create({ players: seats, now: at(minute++) });
				await games.append(quick.id, { type: 'score', player: seats[0]!.id, count: 10 });
				await games.append(quick.id, { type: 'end' });
				await outbox.attach(quick.id, main.leagueId);
				await signForTest(quick.id);
				made.push(quick.id);
				return;
			}
			case 'snapshot':
				snapshot = await wholeStore();
				return;
			case 'merge':
			case 'replace':
				if (snapshot) await restoreDump(snapshot, s.kind);
				return;
			case 'drop-league':
				await leagues.remove(other.leagueId);
				return;
		}
		if (!gameId) return;
		switch (s.kind) {
			case 'sign':
				await signForTest(gameId, at(minute++));
				return;
			case 'reopen':
				await signatures.reopen(gameId, 'Missed a count', { now: at(minute++) });
				return;
			case 'void':
				await cards.voidCard(gameId, 'Wrong rules', { now: at(minute++) });
				return;
			case 'restore':
				await cards.unvoid(gameId);
				return;
			case 'correct': {
				// The instructor's correction: after signing it changes the counted totals in place.
				const { record } = await games.get(gameId);
				await corrections.correct(gameId, {
					player: record.seats[0]!,
					points: 5,
					note: 'A count was missed'
				});
				return;
			}
			case 'turn-in': {
				// The card leaves this device and comes back through the inbox.
				const card = await outbox.cardOf(gameId);
				await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
					await db.games.delete(gameId);
					await db.logs.delete(gameId);
					await db.gameSignatures.delete(gameId);
				});
				await inbox.receive(card.game.leagueId ?? main.leagueId, card);
				return;
			}
			case 'move':
				// A record edited by hand (or by a future verb): it now says the other league.
				await db.games.update(gameId, { leagueId: other.leagueId });
				return;
			case 'delete':
				await db.games.delete(gameId);
				return;
		}
	}
}

describe('counted from contributions, against the computation from game records', () => {
	it('agree after every step of random sequences of writes, and so do the figures', async () => {
		await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), run), {
			numRuns: 40
		});
	}, 120_000);
});
