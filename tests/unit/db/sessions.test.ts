import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as leagues from '$lib/db/leagues';
import * as sessions from '$lib/db/sessions';
import { pairKey } from '$lib/rules/groups';
import { at, expectCode, resetDb } from './helpers';
import { leagueWith } from './league-helpers';

beforeEach(resetDb);

async function sessionOf(names: string[]) {
	const { leagueId, students } = await leagueWith(names);
	const session = await sessions.create(leagueId, '2026-01-12', { now: at(0) });
	const id = (name: string) => students.get(name)!.id;
	return { leagueId, session, id, students };
}

describe('create and list', () => {
	it('lists a league’s sessions, the latest first', async () => {
		const { leagueId } = await leagueWith(['Ana']);
		await sessions.create(leagueId, '2026-01-12');
		await sessions.create(leagueId, '2026-01-19');
		await sessions.create(leagueId, '2026-01-14');
		expect((await sessions.list(leagueId)).map((s) => s.date)).toEqual([
			'2026-01-19',
			'2026-01-14',
			'2026-01-12'
		]);
	});

	it('refuses a bad date and an unknown league', async () => {
		const { leagueId } = await leagueWith(['Ana']);
		await expectCode(sessions.create(leagueId, '12/01/2026'), 'bad-date');
		await expectCode(sessions.create('nope', '2026-01-12'), 'not-found');
	});
});

describe('page', () => {
	/** Every page of league `leagueId`'s sessions of `size`, followed to the last. */
	async function allPages(leagueId: string, size: number) {
		const pages = [];
		let after: sessions.SessionCursor | null = null;
		do {
			const read: Awaited<ReturnType<typeof sessions.page>> = await sessions.page(leagueId, {
				after,
				size
			});
			pages.push(read.sessions);
			after = read.next;
		} while (after !== null);
		return pages;
	}

	it.each([
		['no session', [], 3, [[]]],
		['fewer than a page', ['2026-01-12', '2026-01-14'], 3, [['2026-01-14', '2026-01-12']]],
		[
			'exactly a page',
			['2026-01-12', '2026-01-13', '2026-01-14'],
			3,
			[['2026-01-14', '2026-01-13', '2026-01-12']]
		],
		[
			'two pages and a bit',
			['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'],
			2,
			[['2026-01-09', '2026-01-08'], ['2026-01-07', '2026-01-06'], ['2026-01-05']]
		],
		[
			'several sessions on one day, split across pages',
			['2026-01-12', '2026-01-12', '2026-01-12', '2026-01-12', '2026-01-11'],
			2,
			[['2026-01-12', '2026-01-12'], ['2026-01-12', '2026-01-12'], ['2026-01-11']]
		]
	])('pages %s, each session once, the latest first', async (_, days, size, expected) => {
		const { leagueId } = await leagueWith(['Ana']);
		const made = [];
		for (const day of days) made.push(await sessions.create(leagueId, day));
		const pages = await allPages(leagueId, size);
		expect(pages.map((p) => p.map((x) => x.date))).toEqual(expected);
		// Every session once, in the order the whole list gives.
		const ids = pages.flat().map((x) => x.id);
		expect(ids).toEqual((await sessions.list(leagueId)).map((x) => x.id));
		expect(new Set(ids).size).toBe(made.length);
	});

	it('never reads another league’s sessions', async () => {
		const a = await leagueWith(['Ana'], 'Period 3');
		const b = await leagueWith(['Ben'], 'Period 5');
		await sessions.create(a.leagueId, '2026-01-12');
		await sessions.create(b.leagueId, '2026-01-13');
		expect((await sessions.page(a.leagueId, { size: 5 })).sessions.map((x) => x.leagueId)).toEqual([
			a.leagueId
		]);
	});
});

describe('setPresent', () => {
	it('keeps the present list in roster order and refuses strangers', async () => {
		const { session, id } = await sessionOf(['Cara', 'Ana', 'Ben']);
		const updated = await sessions.setPresent(session.id, [id('Cara'), id('Ana')]);
		expect(updated.present).toEqual([id('Ana'), id('Cara')]);
		await expectCode(sessions.setPresent(session.id, ['stranger']), 'not-on-roster');
	});

	it('takes an absent student out of groups that have not started', async () => {
		const { session, id } = await sessionOf(['Ana', 'Ben', 'Cara', 'Dan']);
		await sessions.setPresent(session.id, [id('Ana'), id('Ben'), id('Cara'), id('Dan')]);
		await sessions.arrange(session.id, [[id('Ana'), id('Ben'), id('Cara'), id('Dan')]]);
		const updated = await sessions.setPresent(session.id, [id('Ana'), id('Ben'), id('Cara')]);
		expect(updated.groups).toEqual([{ players: [id('Ana'), id('Ben'), id('Cara')], gameId: null }]);
		expect(sessions.ungrouped(updated)).toEqual([]);
	});

	it('keeps a student seated at a started game present', async () => {
		const { session, id } = await sessionOf(['Ana', 'Ben']);
		await sessions.setPresent(session.id, [id('Ana'), id('Ben')]);
		await sessions.arrange(session.id, [[id('Ana'), id('Ben')]]);
		await sessions.startGame(session.id, 0);
		const updated = await sessions.setPresent(session.id, []);
		expect(updated.present).toEqual([id('Ana'), id('Ben')]);
	});
});

describe('arrange', () => {
	it('replaces the groups not started and keeps the started ones', async () => {
		const { session, id } = await sessionOf(['Ana', 'Ben', 'Cara', 'Dan', 'Eve']);
		const all = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve'].map(id);
		await sessions.setPresent(session.id, all);
		await sessions.arrange(session.id, [
			[id('Ana'), id('Ben'), id('Cara')],
			[id('Dan'), id('Eve')]
		]);
		await sessions.startGame(session.id, 0);
		const updated = await sessions.arrange(session.id, [[id('Eve'), id('Dan')]]);
		expect(updated.groups.map((g) => [g.players, g.gameId !== null])).toEqual([
			[[id('Ana'), id('Ben'), id('Cara')], true],
			[[id('Eve'), id('Dan')], false]
		]);
		await expectCode(sessions.arrange(session.id, [[id('Ana'), id('Dan')]]), 'group-started');
	});

	it('keeps a started group in its place while the others change', async () => {
		const names = ['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Fay', 'Gus'];
		const { session, id } = await sessionOf(names);
		const [a, b, c, d, e, f, g] = names.map(id) as string[];
		await sessions.setPresent(session.id, names.map(id));
		await sessions.arrange(session.id, [
			[a!, b!],
			[c!, d!],
			[e!, f!, g!]
		]);
		await sessions.startGame(session.id, 1);
		const updated = await sessions.arrange(session.id, [
			[a!, e!, f!],
			[b!, g!]
		]);
		expect(updated.groups.map((x) => x.players)).toEqual([
			[a, e, f],
			[c, d],
			[b, g]
		]);
		expect(updated.groups[1]!.gameId).not.toBeNull();
	});

	it('refuses a student who is not present, or placed twice', async () => {
		const { session, id } = await sessionOf(['Ana', 'Ben', 'Cara']);
		await sessions.setPresent(session.id, [id('Ana'), id('Ben')]);
		await expectCode(sessions.arrange(session.id, [[id('Ana'), id('Cara')]]), 'not-present');
		await expectCode(
			sessions.arrange(session.id, [[id('Ana')], [id('Ana'), id('Ben')]]),
			'not-present'
		);
	});
});

describe('startGame', () => {
	it('starts the group’s game with its players seated, under the league’s rules', async () => {
		const { leagueId, session, id } = await sessionOf(['Ana', 'Ben', 'Cara']);
		await leagues.update(leagueId, { name: 'Period 3', options: { target: 100 } });
		await sessions.setPresent(session.id, [id('Ana'), id('Ben'), id('Cara')]);
		await sessions.arrange(session.id, [[id('Cara'), id('Ana'), id('Ben')]]);
		const game = await sessions.startGame(session.id, 0, { now: at(5) });
		expect(game).toMatchObject({
			rulesetId: 'classroom',
			options: { target: 100 },
			seats: [id('Cara'), id('Ana'), id('Ben')],
			leagueId,
			sessionId: session.id,
			createdAt: at(5)
		});
		expect((await sessions.get(session.id)).groups[0]!.gameId).toBe(game.id);
		// Starting again gives back the same game.
		expect((await sessions.startGame(session.id, 0)).id).toBe(game.id);
		expect(await db.games.count()).toBe(1);
		expect((await games.get(game.id)).state.over).toBe(false);
	});

	it('refuses a group the rules cannot seat and stores nothing', async () => {
		const { session, id } = await sessionOf(['Ana', 'Ben']);
		await sessions.setPresent(session.id, [id('Ana'), id('Ben')]);
		await sessions.arrange(session.id, [[id('Ana')], [id('Ben')]]);
		await expectCode(sessions.startGame(session.id, 0), 'bad-players');
		await expectCode(sessions.startGame(session.id, 5), 'no-group');
		expect(await db.games.count()).toBe(0);
		expect((await sessions.get(session.id)).groups[0]!.gameId).toBeNull();
	});
});

describe('pairsSeen', () => {
	it('counts the pairs of the league’s other sessions', async () => {
		const { leagueId, session, id } = await sessionOf(['Ana', 'Ben', 'Cara']);
		await sessions.setPresent(session.id, [id('Ana'), id('Ben'), id('Cara')]);
		await sessions.arrange(session.id, [[id('Ana'), id('Ben')], [id('Cara')]]);
		const next = await sessions.create(leagueId, '2026-01-14');
		await sessions.setPresent(next.id, [id('Ana'), id('Ben')]);
		await sessions.arrange(next.id, [[id('Ana'), id('Ben')]]);
		const seen = await sessions.pairsSeen(leagueId, next.id);
		expect(seen.get(pairKey(id('Ana'), id('Ben')))).toBe(1);
		expect((await sessions.pairsSeen(leagueId)).get(pairKey(id('Ben'), id('Ana')))).toBe(2);
	});
});

describe('remove', () => {
	it('deletes a session without games and keeps one with games', async () => {
		const { leagueId, session, id } = await sessionOf(['Ana', 'Ben']);
		const empty = await sessions.create(leagueId, '2026-01-14');
		await sessions.remove(empty.id);
		await sessions.setPresent(session.id, [id('Ana'), id('Ben')]);
		await sessions.arrange(session.id, [[id('Ana'), id('Ben')]]);
		await sessions.startGame(session.id, 0);
		await expectCode(sessions.remove(session.id), 'session-has-games');
		expect(await db.sessions.count()).toBe(1);
	});
});
