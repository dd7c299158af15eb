import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import * as figures from '$lib/db/figures';
import { oftenMissing, TermFold } from '$lib/league/class-insights';
import { insightsView } from '$lib/league/insights-view';
import { mostImproved } from '$lib/rules/insights/progress';
import { resetDb } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';

beforeEach(resetDb);

const DAY = 24 * 60;

describe('insightsView (issue 41)', () => {
	it('finds the most improved and who misses counts from the kept totals as from the counted cards', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
		const [ana, ben, cara, dan] = ['Ana', 'Ben', 'Cara', 'Dan'].map((n) => students.get(n)!);
		const voided: string[] = [];
		// Six days of play, two games a day: Ana and Cara score more in the last days.
		for (let day = 0; day < 6; day++) {
			const late = day >= 3;
			const minute = day * DAY + 10;
			await playGame(leagueId, [ana!, ben!], [late ? 40 : 10, 20], {
				placed: true,
				minute,
				steals: 1
			});
			const id = await playGame(leagueId, [cara!, dan!], [late ? 30 : 15, 25], {
				placed: true,
				minute: minute + 1
			});
			if (day === 5) voided.push(id);
		}
		await cards.voidCard(voided[0]!, 'Played twice');
		const counted = await cards.counted(leagueId);
		const view = await insightsView(leagueId);
		expect(view.counted).toBe(11);
		// The students who miss counts, from the totals as from every card's figures.
		const term = new TermFold();
		await figures.eachOfLeague(leagueId, (batch) => term.add(batch));
		expect(view.help).toEqual(oftenMissing(term.learnt.values()));
		expect(view.help.length).toBeGreaterThan(0);
		expect(view.improved).toEqual(mostImproved(counted).slice(0, 5));
		expect(view.improved.map((i) => [view.names.get(i.player), i.before, i.recent])).toEqual([
			['Ana', 10, 40],
			['Cara', 15, 30]
		]);
	});

	it('counts nothing and finds nobody in a league without cards', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const view = await insightsView(leagueId);
		expect([view.counted, view.help, view.improved]).toEqual([0, [], []]);
	});
});
