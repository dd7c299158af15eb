import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import { rebuildLeagueWide } from '$lib/db/rebuild';
import * as sessions from '$lib/db/sessions';
import type { GameRecord, PlayerRecord } from '$lib/card/records';
import { PagesFilled } from '$lib/card/contributions';
import { resetDb } from './helpers';
import { sorted } from './contribution-helpers';
import { leagueWith, playGame } from './league-helpers';

beforeEach(resetDb);

/** The standings pages of `games`, as a restore fills them while it writes them. */
function filledFrom(games: readonly GameRecord[]): PagesFilled {
	const pages = new PagesFilled();
	for (const game of games) pages.add(game);
	return pages;
}

const LEAGUE_WIDE = ['contributions', 'studentTotals', 'dayTotals'] as const;

/** The league-wide records, each page's cards in order of their game (written in any order). */
async function leagueWide() {
	return {
		contributions: sorted(await db.contributions.toArray()),
		studentTotals: await db.studentTotals.toArray(),
		dayTotals: await db.dayTotals.toArray()
	};
}

describe('rebuildLeagueWide', () => {
	it('works out every league’s contributions and totals afresh from the pages filled and the figures, exactly as the upkeep kept them', async () => {
		const rosters: PlayerRecord[][] = [];
		const ids: string[] = [];
		for (const name of ['Period 1', 'Period 2']) {
			const made = await leagueWith(['Ana', 'Ben', 'Cai'], name);
			ids.push(made.leagueId);
			rosters.push([...made.students.values()]);
		}
		const session = await sessions.create(ids[0]!, '2026-03-02');
		for (let g = 0; g < 8; g++) {
			const [a, b] = g % 3 === 0 ? [0, 1] : g % 3 === 1 ? [1, 2] : [0, 2];
			const roster = rosters[g % 2]!;
			const id = await playGame(ids[g % 2]!, [roster[a]!, roster[b]!], [5 * (g + 1), 20], {
				minute: 10 * g,
				...(g % 2 === 0 ? { sessionId: session.id } : {}),
				sign: g !== 7
			});
			if (g === 3) await cards.voidCard(id, 'Played twice');
		}
		const kept = await leagueWide();
		expect(kept.contributions.length).toBeGreaterThan(0);
		expect(kept.dayTotals.length).toBeGreaterThan(1);

		// Emptied, and a stray record added that no card implies: the rebuild leaves only the kept.
		await db.transaction('rw', [...LEAGUE_WIDE.map((t) => db.table(t))], async () => {
			for (const t of LEAGUE_WIDE) await db.table(t).clear();
			await db.studentTotals.put({ ...kept.studentTotals[0]!, player: 'nobody' });
		});
		await rebuildLeagueWide(filledFrom(await db.games.toArray()));
		expect(await leagueWide()).toEqual(kept);
	});

	it('leaves an empty store empty', async () => {
		await rebuildLeagueWide(filledFrom([]));
		expect(await leagueWide()).toEqual({ contributions: [], studentTotals: [], dayTotals: [] });
	});
});
