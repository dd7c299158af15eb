import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { changeOf, editPages, PAGES, pageOf, pagesOf } from '$lib/card/contributions';
import { standingsCards } from '$lib/card/standings-cards';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as leagues from '$lib/db/leagues';
import * as outbox from '$lib/db/outbox';
import type { GameRecord, PlayerRecord } from '$lib/card/records';
import * as sessions from '$lib/db/sessions';
import * as signatures from '$lib/db/signatures';
import { expectKept, keptCount, sorted } from './contribution-helpers';
import { at, resetDb, restoreDump, wholeStore } from './helpers';
import { leagueWith, playGame, signForTest } from './league-helpers';

beforeEach(resetDb);

async function classOf4() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
	const s = (name: string) => students.get(name) as PlayerRecord;
	return { leagueId, s };
}

describe('the pure part', () => {
	const game = (id: string, fields: Partial<GameRecord> = {}): GameRecord => ({
		id,
		rulesetId: 'classroom',
		options: {},
		seats: ['a', 'b'],
		sides: null,
		status: 'finished',
		createdAt: at(0),
		updatedAt: at(40),
		finishedAt: at(40),
		leagueId: 'L',
		sessionId: null,
		deviceId: 'd',
		voidedAt: null,
		voidReason: null,
		signedAt: at(50),
		fingerprint: 'f'.repeat(64),
		result: {
			ruleset: 'classroom',
			players: ['a', 'b'],
			sides: [
				{ label: 'a', players: ['a'], total: 20 },
				{ label: 'b', players: ['b'], total: 5 }
			],
			winners: ['a'],
			hands: 3,
			endCause: 'end',
			finishedAt: at(40)
		},
		...fields
	});

	it('spreads ids over every page, the same id always on the same page', () => {
		const used = new Set(Array.from({ length: 5000 }, () => pageOf(crypto.randomUUID())));
		expect(used.size).toBe(PAGES);
		expect(pageOf('g1')).toBe(pageOf('g1'));
	});

	it('keeps only what the standings read, for cards that count', () => {
		expect(sorted(pagesOf([game('g1')]))).toEqual([
			{
				leagueId: 'L',
				page: pageOf('g1'),
				cards: [
					{
						gameId: 'g1',
						sessionId: null,
						endedAt: at(40),
						sides: [
							{ label: 'a', players: ['a'], total: 20 },
							{ label: 'b', players: ['b'], total: 5 }
						],
						winners: ['a']
					}
				]
			}
		]);
		expect(pagesOf([game('q', { leagueId: null }), game('v', { voidedAt: at(60) })])).toEqual([]);
		expect(pagesOf([game('u', { signedAt: null, fingerprint: null, result: null })])).toEqual([]);
	});

	it('moves a card between leagues and empties the page it left', () => {
		const [page] = pagesOf([game('g1')]);
		const change = changeOf('g1', game('g1'), game('g1', { leagueId: 'M' }));
		expect(editPages([page!], [change!])).toEqual({
			put: [{ ...page, leagueId: 'M' }],
			emptied: [['L', pageOf('g1')]]
		});
		expect(changeOf('g1', game('g1', { leagueId: null }), undefined)).toBeNull();
	});
});

describe('kept by every write that changes what a card counts', () => {
	it('sign-off: nothing until the last player signs; then the card', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sign: false });
		await signatures.sign(id, s('Ana').id, { typed: 'Ana' });
		expect(await keptCount(leagueId)).toBe(0);
		await signatures.sign(id, s('Ben').id, { typed: 'Ben' });
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
	});

	it('reopening a signed card takes it out; signing again puts it back', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		await signatures.reopen(id, 'Missed a count', { now: at(60) });
		expect(await keptCount(leagueId)).toBe(0);
		await expectKept();
		await signForTest(id, at(70));
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
	});

	it('void and restore', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		await playGame(leagueId, [s('Cara'), s('Dan')], [5, 10]);
		await cards.voidCard(id, 'Wrong rules');
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
		await cards.unvoid(id);
		expect(await keptCount(leagueId)).toBe(2);
		await expectKept();
	});

	it('a quick game attached to a league counts there once signed', async () => {
		const { leagueId, s } = await classOf4();
		const quick = await games.create({ players: [{ id: s('Ana').id }, { id: s('Ben').id }] });
		await games.append(quick.id, { type: 'score', player: s('Ana').id, count: 15 });
		await games.append(quick.id, { type: 'end' });
		await outbox.attach(quick.id, leagueId);
		await signForTest(quick.id);
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
	});

	it('cards received: counted, set aside in a conflict, and chosen', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { placed: true });
		const card = await outbox.cardOf(id);
		// The phone's copy leaves this device: the instructor's store knows only the league.
		await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
			await db.games.delete(id);
			await db.logs.delete(id);
			await db.gameSignatures.delete(id);
		});
		expect(await keptCount(leagueId)).toBe(0);
		const first = await inbox.receive(leagueId, card);
		expect(first.state).toBe('counted');
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
		const received = (await db.games.get(id))!;

		// A second version of the same card (another card text, signed again) arrives: neither
		// counts until the instructor chooses.
		await db.gameSignatures.delete(id);
		const second = { ...card.game, createdAt: at(5) };
		await db.games.put({ ...second, signedAt: null, fingerprint: null, result: null });
		for (const [i, seat] of second.seats.entries()) {
			await signatures.sign(id, seat, { typed: ['Ana', 'Ben'][i]! }, { now: at(70 + i) });
		}
		const resigned = await outbox.cardOf(id);
		await db.games.put(received);
		expect(await keptCount(leagueId)).toBe(1);
		const other = await inbox.receive(leagueId, resigned);
		expect(other.state).toBe('conflict');
		expect(await keptCount(leagueId)).toBe(0);
		await expectKept();
		await inbox.choose(other.id);
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
	});

	it('backup restore, merge and replace', async () => {
		const { leagueId, s } = await classOf4();
		const kept = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		const file = await wholeStore();
		await cards.voidCard(kept, 'After the backup', { now: at(90) });
		await playGame(leagueId, [s('Cara'), s('Dan')], [5, 10], { minute: 2 });
		await restoreDump(file, 'merge');
		// The void is newer than the backup: it stays, and the new card is kept.
		expect(await keptCount(leagueId)).toBe(1);
		await expectKept();
		await restoreDump(file, 'replace');
		expect(await keptCount(leagueId)).toBe(1);
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([kept]);
		await expectKept();
		await resetDb();
		await restoreDump(file, 'merge');
		await expectKept();
		expect(await keptCount(leagueId)).toBe(1);
	});

	it('deleting a league deletes its contributions, not another league’s', async () => {
		const { leagueId, s } = await classOf4();
		const other = await leagueWith(['Eve', 'Fay'], 'Period 5');
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		await playGame(other.leagueId, [...other.students.values()], [10, 5]);
		await leagues.remove(leagueId);
		expect(await keptCount(leagueId)).toBe(0);
		expect(await keptCount(other.leagueId)).toBe(1);
		await expectKept();
	});

	it('dates a card by its session, even one that arrives after the card', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sessionId: 'later' });
		expect((await cards.counted(leagueId))[0]?.date).toBe('2026-01-12');
		await sessions.create(leagueId, '2026-02-02', { id: 'later' });
		expect(await cards.counted(leagueId)).toMatchObject([{ gameId: id, date: '2026-02-02' }]);
		await expectKept();
	});
});

describe('live queries', () => {
	it('reads a league spread over many pages a few pages at a time, as its games give them', async () => {
		const { leagueId, s } = await classOf4();
		const session = await sessions.create(leagueId, '2026-01-12');
		for (let i = 0; i < 40; i++) {
			await playGame(leagueId, [s('Ana'), s('Ben')], [20, 5 * (i % 6)], {
				minute: i,
				...(i % 2 ? { sessionId: session.id } : {})
			});
		}
		const sizes: number[] = [];
		const bulkGet = db.contributions.bulkGet.bind(db.contributions);
		db.contributions.bulkGet = ((keys: [string, number][]) => {
			sizes.push(keys.length);
			return bulkGet(keys);
		}) as typeof db.contributions.bulkGet;
		try {
			const read = await cards.counted(leagueId);
			const dates = new Map([[session.id, session.date]]);
			expect(read).toEqual(standingsCards(await cards.ofLeague(leagueId), dates));
			expect(read).toHaveLength(40);
			expect(sizes.length).toBeGreaterThan(1);
			expect(Math.max(...sizes)).toBe(16);
		} finally {
			db.contributions.bulkGet = bulkGet;
		}
	});

	it('see the standings change with the contributions alone', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sign: false });
		const seen: number[] = [];
		const subscription = liveQuery(() => cards.counted(leagueId)).subscribe((c) =>
			seen.push(c.length)
		);
		const until = (n: number) => expect.poll(() => seen.at(-1)).toBe(n);
		await until(0);
		await signForTest(id);
		await until(1);
		await cards.voidCard(id, 'Wrong rules');
		await until(0);
		await cards.unvoid(id);
		await until(1);
		subscription.unsubscribe();
	});
});
