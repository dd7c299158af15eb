/**
 * Printing a session's cards reads that session's games only, and places them as printing the
 * whole term does: the same session number (among sessions sharing a day too), group and day.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerRecord } from '$lib/card/records';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import { printCards, type PrintCards } from '$lib/league/print-cards';
import { at, expectCode, resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';

beforeEach(resetDb);

/** A session of `leagueId` on `day`, made at `minute`, whose groups play `groups` (a game each). */
async function session(
	leagueId: string,
	day: string,
	minute: number,
	groups: PlayerRecord[][]
): Promise<string> {
	const id = crypto.randomUUID();
	const made = groups.map((players) => ({ players, gameId: crypto.randomUUID() }));
	await db.sessions.add({
		id,
		leagueId,
		date: day,
		present: groups.flat().map((p) => p.id),
		groups: made.map((g) => ({ players: g.players.map((p) => p.id), gameId: g.gameId })),
		createdAt: at(minute),
		updatedAt: at(minute)
	});
	// Started in reverse order of the groups: a group's place is its place in the session.
	for (const g of made.toReversed()) {
		await games.create({
			id: g.gameId,
			players: g.players.map((p) => ({ id: p.id })),
			leagueId,
			sessionId: id,
			now: at(minute + 1)
		});
	}
	return id;
}

/** What a print says of each card: its game and where it was played. */
const where = (printed: PrintCards) => printed.cards.map((c) => [c.game.record.id, c.where]);

describe('printCards', () => {
	it('prints a session as the whole term places it: number, group and day', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan', 'Eli', 'Fay']);
		const [a, b, c, d, e, f] = [...students.values()] as PlayerRecord[];
		// Two sessions share a day (ordered by when they were made), one is earlier, made last.
		const later = await session(leagueId, '2026-01-14', 30, [
			[a!, b!],
			[c!, d!, e!]
		]);
		const sameDay = await session(leagueId, '2026-01-14', 20, [[e!, f!]]);
		const first = await session(leagueId, '2026-01-07', 40, [
			[a!, c!],
			[b!, d!],
			[e!, f!]
		]);
		await games.create({ players: [{ id: a!.id }, { id: f!.id }], leagueId, now: at(5) });

		const term = await printCards(leagueId, null);
		expect(term.session).toBeNull();
		expect(term.cards).toHaveLength(7);
		for (const [sessionId, number, date, groups] of [
			[first, 1, '2026-01-07', 3],
			[sameDay, 2, '2026-01-14', 1],
			[later, 3, '2026-01-14', 2]
		] as const) {
			const printed = await printCards(leagueId, sessionId);
			expect(printed.session).toEqual({ number, date });
			expect(printed.cards.map((c) => c.place)).toEqual(
				Array.from({ length: groups }, (_, i) => ({ date, session: number, group: i + 1 }))
			);
			expect(where(printed)).toEqual(
				where(term).filter(([, w]) => w?.startsWith(`Session ${number} ·`))
			);
		}
	});

	it('finds no session of another league, nor one deleted', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const other = await leagueWith(['Cara', 'Dan'], 'Period 4');
		const [a, b] = [...students.values()] as PlayerRecord[];
		const theirs = await session(other.leagueId, '2026-01-07', 10, [[...other.students.values()]]);
		await session(leagueId, '2026-01-07', 10, [[a!, b!]]);
		await expectCode(printCards(leagueId, theirs), 'not-found');
		await expectCode(printCards(leagueId, 'no-such-session'), 'not-found');
	});
});
