import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { correct } from '$lib/db/corrections';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';
import {
	cardList,
	cardView,
	leagueList,
	sessionList,
	sessionView,
	standingsView,
	studentStanding,
	studentView
} from '$lib/league/views';
import { expectCode, resetDb, logOf, putEvent } from '../db/helpers';
import { handOut } from '$lib/class-loop/group-codes';
import { race, standings } from '$lib/rules/standings';
import { leagueWith, playGame, signForTest } from '../db/league-helpers';

beforeEach(resetDb);

async function setUp() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan', 'Eve']);
	const s = (n: string) => students.get(n)!;
	return { leagueId, s };
}

describe('standingsView', () => {
	it('lists current students, and retired ones only when they played', async () => {
		const { leagueId, s } = await setUp();
		await playGame(leagueId, [s('Ana'), s('Dan')], [20, 10]);
		await roster.setRetired(s('Dan').id, true);
		await roster.setRetired(s('Eve').id, true);
		const view = await standingsView(leagueId);
		expect(view.rows.map((r) => view.names.get(r.player))).toEqual(['Ana', 'Dan', 'Ben', 'Cara']);
		expect(view.retired.has(s('Dan').id)).toBe(true);
		expect(view.counted).toBe(1);
		expect(view.race.series.map((x) => view.names.get(x.player))).toEqual(['Ana', 'Dan']);
	});
});

describe('standingsView from the kept totals', () => {
	/** The page as the league's counted cards give it, every card read (before version 18). */
	async function fromCards(leagueId: string) {
		const [{ counted, changed }, everyone] = await Promise.all([
			cards.countedAndChanged(leagueId),
			roster.everyone(leagueId)
		]);
		const listed = everyone.filter((p) => p.retiredAt === null).map((p) => p.id);
		const rows = standings(counted, listed);
		return {
			rows,
			counted: counted.length,
			changed: [...changed],
			corrected: counted.flatMap((c) =>
				c.corrections ? [{ gameId: c.gameId, date: c.date, corrections: c.corrections }] : []
			),
			race: race(counted, listed, undefined, rows)
		};
	}

	async function shown(leagueId: string) {
		const v = await standingsView(leagueId);
		const { rows, counted, changed, corrected, race: raced } = v;
		return { rows, counted, changed: [...changed], corrected, race: raced };
	}

	it('agrees with the counted cards after every count, void, correction and change', async () => {
		const { leagueId, s } = await setUp();
		const day1 = await sessions.create(leagueId, '2026-01-12');
		const day2 = await sessions.create(leagueId, '2026-01-14');
		const steps: (() => Promise<string>)[] = [
			() => playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sessionId: day1.id }),
			// A shared win of three.
			() =>
				playGame(leagueId, [s('Cara'), s('Dan'), s('Eve')], [15, 15, 5], {
					sessionId: day1.id,
					minute: 2
				}),
			// Outside sessions.
			() => playGame(leagueId, [s('Ben'), s('Eve')], [5, 30], { minute: 3 }),
			() => playGame(leagueId, [s('Dan'), s('Ana')], [25, 10], { sessionId: day2.id, minute: 4 })
		];
		const ids: string[] = [];
		for (const step of steps) {
			ids.push(await step());
			expect(await shown(leagueId)).toEqual(await fromCards(leagueId));
		}
		await correct(ids[0]!, { player: s('Ben').id, points: 15, note: 'Missed 15' });
		expect(await shown(leagueId)).toEqual(await fromCards(leagueId));
		expect((await shown(leagueId)).corrected).toHaveLength(1);
		await cards.voidCard(ids[1]!, 'played twice');
		expect(await shown(leagueId)).toEqual(await fromCards(leagueId));
		await roster.setRetired(s('Eve').id, true);
		expect(await shown(leagueId)).toEqual(await fromCards(leagueId));
		const row = (await logOf(ids[3]!))[0]!;
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		const after = await shown(leagueId);
		expect(after).toEqual(await fromCards(leagueId));
		expect([after.counted, after.changed]).toEqual([2, [ids[3]]]);
		await cards.unvoid(ids[1]!);
		expect(await shown(leagueId)).toEqual(await fromCards(leagueId));
	});
});

describe('a card the instructor corrected after signing', () => {
	it('counts corrected in the standings, and the card view sees the correction', async () => {
		const { leagueId, s } = await setUp();
		const id = await playGame(leagueId, [s('Ana'), s('Dan')], [20, 10]);
		await playGame(leagueId, [s('Ben'), s('Cara')], [15, 5], { minute: 2 });
		await correct(id, { player: s('Dan').id, points: 15, note: 'Missed 15' });
		const view = await standingsView(leagueId);
		expect(view.rows[0]).toMatchObject({ player: s('Dan').id, won: 1, points: 25 });
		expect(view.corrected.map((c) => [c.gameId, c.corrections?.map((x) => x.before)])).toEqual([
			[id, [10]]
		]);
		const card = await cardView(leagueId, id);
		expect([card.status, card.record.result?.corrections?.[0]?.after]).toEqual(['signed', 25]);
	});
});

describe('sessionView', () => {
	it('shows each group with its game’s standing', async () => {
		const { leagueId, s } = await setUp();
		const session = await sessions.create(leagueId, '2026-01-12');
		const ids = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve'].map((n) => s(n).id);
		await sessions.setPresent(session.id, ids);
		await sessions.arrange(session.id, [ids.slice(0, 3), ids.slice(3)]);
		const game = await sessions.startGame(session.id, 0);
		await games.append(game.id, { type: 'score', player: ids[1]!, count: 10 });
		const view = await sessionView(session.id);
		expect(view.groups.map((g) => [g.status, g.hand, g.sides.map((x) => x.total)])).toEqual([
			['in-progress', 1, [0, 10, 0]],
			['not-started', null, []]
		]);
		expect(view.students).toHaveLength(5);
		expect(view.ungrouped).toEqual([]);
	});
});

describe('sessionList', () => {
	it('counts a session’s signed cards, never a group that only has its code', async () => {
		const { leagueId, s } = await setUp();
		const session = await sessions.create(leagueId, '2026-01-12');
		const ids = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve'].map((n) => s(n).id);
		await sessions.setPresent(session.id, ids);
		await sessions.arrange(session.id, [ids.slice(0, 2), ids.slice(2)]);
		await handOut(session.id);
		const before = (await sessionList(leagueId)).items;
		expect(before.map((i) => [i.groups, i.signed])).toEqual([[2, 0]]);
		expect((await sessionView(session.id)).groups.map((g) => g.status)).toEqual([
			'handed-out',
			'handed-out'
		]);
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sessionId: session.id });
		const played = (await sessionList(leagueId)).items;
		// A game of the session, but not its group's: only the group's own card counts.
		expect(played.map((i) => i.signed)).toEqual([0]);
	});

	it('counts a group’s card once it is signed on this device', async () => {
		const { leagueId, s } = await setUp();
		const session = await sessions.create(leagueId, '2026-01-12');
		const ids = ['Ana', 'Ben', 'Cara', 'Dan'].map((n) => s(n).id);
		await sessions.setPresent(session.id, ids);
		await sessions.arrange(session.id, [ids.slice(0, 2), ids.slice(2)]);
		const game = await sessions.startGame(session.id, 0);
		await games.append(game.id, { type: 'score', player: ids[0]!, count: 20 });
		await games.append(game.id, { type: 'end' });
		expect((await sessionList(leagueId)).items.map((i) => i.signed)).toEqual([0]);
		await signForTest(game.id);
		expect((await sessionList(leagueId)).items.map((i) => [i.groups, i.signed])).toEqual([[2, 1]]);
	});
});

describe('a card changed after signing', () => {
	it('shows as changed on the session, card, cards and student pages, and does not count', async () => {
		const { leagueId, s } = await setUp();
		const session = await sessions.create(leagueId, '2026-01-12');
		const ids = [s('Ana').id, s('Ben').id];
		await sessions.setPresent(session.id, ids);
		await sessions.arrange(session.id, [ids]);
		const game = await sessions.startGame(session.id, 0);
		await games.append(game.id, { type: 'score', player: ids[0]!, count: 20 });
		await games.append(game.id, { type: 'end' });
		await signForTest(game.id);
		expect((await sessionView(session.id)).groups[0]!.status).toBe('signed');

		const row = (await logOf(game.id))[0]!;
		await putEvent({ ...row, event: { ...row.event, count: 35 } as typeof row.event });
		expect((await sessionView(session.id)).groups[0]!.status).toBe('changed');
		expect((await cardView(leagueId, game.id)).status).toBe('changed');
		expect((await cardList(leagueId)).items[0]!.status).toBe('changed');
		const ana = await studentView(leagueId, ids[0]!);
		expect(ana.row).toMatchObject({ played: 0 });
		expect(ana.notCounted).toMatchObject([{ gameId: game.id, status: 'changed' }]);
		const standing = await standingsView(leagueId);
		expect(standing.counted).toBe(0);
		expect([...standing.changed]).toEqual([game.id]);
	});
});

describe('studentView', () => {
	it('gives a student’s games, line and wins over time, and the games that do not count', async () => {
		const { leagueId, s } = await setUp();
		const day1 = await sessions.create(leagueId, '2026-01-12');
		const day2 = await sessions.create(leagueId, '2026-01-14');
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10], { sessionId: day1.id });
		await playGame(leagueId, [s('Ana'), s('Cara')], [5, 10], { sessionId: day1.id });
		await playGame(leagueId, [s('Ana'), s('Dan')], [15, 10], { sessionId: day2.id });
		const voided = await playGame(leagueId, [s('Ana'), s('Eve')], [15, 10]);
		await cards.voidCard(voided, 'x');
		const view = await studentView(leagueId, s('Ana').id);
		expect(view.row).toMatchObject({ played: 3, won: 2, points: 40 });
		expect(view.overTime).toEqual({
			dates: ['2026-01-12', '2026-01-14'],
			wins: [1, 2],
			points: [25, 40]
		});
		expect(view.notCounted).toMatchObject([{ gameId: voided, status: 'voided' }]);
		expect(view.names.get(s('Cara').id)).toBe('Cara');
	});

	it('leaves where the student stands to studentStanding, which reads every card', async () => {
		const { leagueId, s } = await setUp();
		await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		await playGame(leagueId, [s('Cara'), s('Dan')], [30, 10]);
		await playGame(leagueId, [s('Cara'), s('Eve')], [30, 10]);
		// Cara won twice, Ana once: Ana's own games alone would have made her champion.
		const ana = await studentView(leagueId, s('Ana').id);
		expect(ana.row).toEqual({ played: 1, won: 1, shared: 0, winRate: 1, points: 20, perGame: 20 });
		const honours = await Promise.all(
			['Ana', 'Ben', 'Cara'].map(async (n) => (await studentStanding(leagueId, s(n).id)).honour)
		);
		expect(honours).toEqual(['runner-up', null, 'champion']);
	});

	it('refuses a student of another league', async () => {
		const { leagueId } = await setUp();
		const other = await leagueWith(['Zed'], 'Period 5');
		await expectCode(studentView(leagueId, other.students.get('Zed')!.id), 'not-on-roster');
	});
});

describe('cardList', () => {
	it('pages the league’s cards, the latest started first, and tells when there are more', async () => {
		const { leagueId, s } = await setUp();
		const ids: string[] = [];
		for (let minute = 1; minute <= 5; minute++) {
			ids.push(
				await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5], { minute, sign: minute !== 3 })
			);
		}
		const first = await cardList(leagueId, 2);
		expect(first.more).toBe(true);
		expect(first.items.map((c) => c.gameId)).toEqual([ids[4], ids[3]]);
		const more = await cardList(leagueId, 4);
		expect(more.more).toBe(true);
		expect(more.items.map((c) => c.gameId)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
		expect(more.items.map((c) => c.status)).toEqual(['signed', 'signed', 'unsigned', 'signed']);
		// The unsigned card's totals come from its replay, the signed ones' from their result.
		expect(more.items.map((c) => c.sides.map((x) => x.total))).toEqual([
			[10, 5],
			[10, 5],
			[10, 5],
			[10, 5]
		]);
		expect(more.names.get(s('Ana').id)).toBe('Ana');
		const all = await cardList(leagueId, 5);
		expect(all.items).toHaveLength(5);
		expect(all.more).toBe(false);
	});
});

describe('studentView reads the student’s games through the seats index', () => {
	it('leaves out other students’ games and other leagues’, whatever they hold', async () => {
		const { leagueId, s } = await setUp();
		const mine = await playGame(leagueId, [s('Ana'), s('Ben')], [10, 5], { sign: false });
		await playGame(leagueId, [s('Cara'), s('Dan')], [10, 5], { minute: 2, sign: false });
		const seatsRead: string[] = [];
		const where = db.games.where.bind(db.games);
		db.games.where = ((index: string) => {
			seatsRead.push(index);
			return where(index);
		}) as typeof db.games.where;
		try {
			const view = await studentView(leagueId, s('Ana').id);
			expect(view.notCounted.map((g) => g.gameId)).toEqual([mine]);
			expect(seatsRead).toEqual(['seats']);
		} finally {
			db.games.where = where;
		}
	});
});

describe('cardView', () => {
	it('gives the card with its progression and date', async () => {
		const { leagueId, s } = await setUp();
		const id = await playGame(leagueId, [s('Ana'), s('Ben')], [20, 10]);
		const view = await cardView(leagueId, id);
		expect(view.status).toBe('signed');
		expect(view.progression.series.map((x) => x.totals)).toEqual([
			[0, 20],
			[0, 10]
		]);
		const other = await leagueWith(['Zed'], 'Period 5');
		await expectCode(cardView(other.leagueId, id), 'not-a-league-card');
	});
});

describe('leagueList', () => {
	it('lists the current league first with what it holds', async () => {
		const { leagueId } = await setUp();
		await leagueWith(['Zed'], 'Period 5');
		const list = (await leagueList()).items;
		expect(list.map((l) => [l.league.id === leagueId, l.current, l.contents.students])).toEqual([
			[true, true, 5],
			[false, false, 1]
		]);
	});

	it.each([
		[0, 0, 20, 'the first page: the current league, then the newest'],
		[1, 1, 5, 'the last page'],
		[7, 1, 5, 'a page past the end: the last'],
		[-3, 0, 20, 'a page before the first: the first']
	])('asked for page %i, shows page %i with %i leagues (%s)', async (asked, shown, count) => {
		const { leagueId } = await setUp();
		for (let i = 1; i <= 24; i++) await leagueWith([`Student ${i}`], `Class ${i}`);
		const read = await leagueList(asked);
		expect(read).toMatchObject({ page: shown, pages: 2 });
		expect(read.items).toHaveLength(count);
		if (shown === 0) expect(read.items[0]?.league.id).toBe(leagueId);
		// Every league once over both pages.
		const all = [...(await leagueList(0)).items, ...(await leagueList(1)).items];
		expect(new Set(all.map((i) => i.league.id)).size).toBe(25);
	});
});
