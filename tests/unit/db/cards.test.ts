import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as sessions from '$lib/db/sessions';
import { standings } from '$lib/rules/standings';
import { at, expectCode, resetDb, eventCount, logOf, putEvent } from './helpers';
import { leagueWith, playGame, setSignOff, signForTest } from './league-helpers';

beforeEach(resetDb);

async function classOf4() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
	const s = (name: string) => students.get(name)!;
	return { leagueId, s };
}

describe('counted', () => {
	it('takes signed cards only: not voided, not unsigned, not in progress', async () => {
		const { leagueId, s } = await classOf4();
		const signed = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		await playGame(leagueId, [s('Cara'), s('Dan')], [30, 0], { sign: false });
		const voided = await playGame(leagueId, [s('Dan'), s('Ben')], [50, 0]);
		await cards.voidCard(voided, 'Played with the wrong rules');
		await games.create({ players: [{ id: s('Ana').id }, { id: s('Cara').id }], leagueId });

		const counted = await cards.counted(leagueId);
		expect(counted.map((c) => c.gameId)).toEqual([signed]);
		expect(counted[0]).toMatchObject({
			sides: [
				{ players: [s('Ana').id], total: 20 },
				{ players: [s('Ben').id], total: 10 }
			],
			winners: [s('Ana').id]
		});
		const table = standings(counted, [s('Ana').id, s('Ben').id, s('Cara').id, s('Dan').id]);
		expect(table[0]).toMatchObject({ player: s('Ana').id, won: 1, honour: 'champion' });
		expect(table.find((r) => r.player === s('Dan').id)).toMatchObject({ played: 0 });
	});

	it('dates a card by its session, else by the day it finished', async () => {
		const { leagueId, s } = await classOf4();
		const session = await sessions.create(leagueId, '2026-01-20');
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sessionId: session.id });
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		expect((await cards.counted(leagueId)).map((c) => c.date)).toEqual([
			'2026-01-12',
			'2026-01-20'
		]);
	});

	it('leaves out games of other leagues and quick games', async () => {
		const { leagueId, s } = await classOf4();
		const other = await leagueWith(['Eve', 'Fay'], 'Period 5');
		await playGame(other.leagueId, [...other.students.values()], [10, 5]);
		await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5]);
		expect(await cards.counted(leagueId)).toHaveLength(1);
	});
});

describe('countsInStandings and cardStanding', () => {
	it('follows a card from in progress to signed to voided and back', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5], { sign: false });
		const status = async () => {
			const game = (await db.games.get(id))!;
			return [cards.cardStanding(game), cards.countsInStandings(game)];
		};
		expect(await status()).toEqual(['unsigned', false]);
		// Half a lock (edited by hand) is not signed.
		await setSignOff(id, { signedAt: at(50), result: null });
		expect(await status()).toEqual(['unsigned', false]);
		await setSignOff(id, { signedAt: null });
		await signForTest(id);
		expect(await status()).toEqual(['signed', true]);
		await cards.voidCard(id, 'Wrong players', { now: at(60) });
		expect(await status()).toEqual(['voided', false]);
		await cards.unvoid(id);
		expect(await status()).toEqual(['signed', true]);
	});
});

describe('countedAmong', () => {
	it('gives each student’s cards as counted gives them, from their own games and sessions', async () => {
		const { leagueId, s } = await classOf4();
		const monday = await sessions.create(leagueId, '2026-01-19');
		const tuesday = await sessions.create(leagueId, '2026-01-20');
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sessionId: tuesday.id });
		await playGame(leagueId, [s('Ana'), s('Cara')], [10, 10], { sessionId: monday.id });
		await playGame(leagueId, [s('Cara'), s('Dan')], [30, 5], { minute: 3 });
		await playGame(leagueId, [s('Ana'), s('Dan')], [5, 10], { sign: false });
		const voided = await playGame(leagueId, [s('Ben'), s('Dan')], [50, 0]);
		await cards.voidCard(voided, 'Played with the wrong rules');
		const edited = await playGame(leagueId, [s('Ben'), s('Cara')], [15, 20], { minute: 5 });
		const row = (await logOf(edited))[0]!;
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		const changed = await cards.changedAfterSigning(leagueId);
		expect(changed).toEqual(new Set([edited]));

		const league = await cards.counted(leagueId, changed);
		for (const name of ['Ana', 'Ben', 'Cara', 'Dan']) {
			const id = s(name).id;
			const own = await db.games.where('seats').equals(id).toArray();
			const mine = league.filter((c) => c.sides.some((x) => x.players.includes(id)));
			expect(await cards.countedAmong(own, changed), name).toEqual(mine);
		}
		expect(
			(await cards.countedAmong(await db.games.where('seats').equals(s('Ana').id).toArray())).map(
				(c) => c.date
			)
		).toEqual(['2026-01-19', '2026-01-20']);
	});
});

describe('changedAfterSigning', () => {
	it('finds the signed cards whose stored events no longer match, and leaves them out', async () => {
		const { leagueId, s } = await classOf4();
		const honest = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		const edited = await playGame(leagueId, [s('Cara'), s('Dan')], [30, 5]);
		await playGame(leagueId, [s('Ana'), s('Dan')], [5, 10], { sign: false });
		expect(await cards.changedAfterSigning(leagueId)).toEqual(new Set());

		// Someone edits a stored count in IndexedDB: Dan's 5 becomes 35.
		const row = (await logOf(edited)).find(
			(e) => e.event.type === 'score' && e.event.player === s('Dan').id
		)!;
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		const changed = await cards.changedAfterSigning(leagueId);
		expect(changed).toEqual(new Set([edited]));

		const game = (await db.games.get(edited))!;
		expect([cards.cardStanding(game, true), cards.countsInStandings(game, true)]).toEqual([
			'changed',
			false
		]);
		expect((await cards.counted(leagueId, changed)).map((c) => c.gameId)).toEqual([honest]);
		expect(await cards.counted(leagueId)).toHaveLength(2);
	});
});

describe('voidCard', () => {
	it('keeps the card and its events, with the reason and time', async () => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5]);
		const events = await eventCount();
		const voided = await cards.voidCard(id, '  Scored   twice ', { now: at(60) });
		expect(voided).toMatchObject({ voidedAt: at(60), voidReason: 'Scored twice' });
		expect(await eventCount()).toBe(events);
		expect((await db.games.get(id))?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
	});

	it.each([
		['', 'void-reason-required'],
		['x'.repeat(cards.MAX_VOID_REASON + 1), 'void-reason-too-long']
	])('refuses the reason %j with %s', async (reason, code) => {
		const { leagueId, s } = await classOf4();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5]);
		await expectCode(cards.voidCard(id, reason), code);
		expect((await db.games.get(id))!.voidedAt).toBeNull();
	});

	it('refuses a quick game, an unknown game and a second void', async () => {
		const { leagueId, s } = await classOf4();
		const quick = await games.create({ players: ['Zed', 'Yan'] });
		await expectCode(cards.voidCard(quick.id, 'x'), 'not-a-league-card');
		await expectCode(cards.voidCard('nope', 'x'), 'not-found');
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5]);
		await cards.voidCard(id, 'x');
		await expectCode(cards.voidCard(id, 'y'), 'card-voided-already');
		await cards.unvoid(id);
		await expectCode(cards.unvoid(id), 'card-not-voided');
	});
});
