import { describe, expect, it } from 'vitest';
import { playOrder, ratings, SETTLED_AFTER } from '$lib/rules/insights/ratings';
import { standings, type StandingsCard } from '$lib/rules/standings';
import { card } from './cards';
import { simulateLeague, spearman } from './simulated';

describe('ratings', () => {
	it('moves the winner up and the others down, everyone from 50', () => {
		const rated = ratings([card('g1', '2026-01-10', { Ana: 150, Ben: 90, Cleo: 60 })]);
		const [ana, ben, cleo] = ['Ana', 'Ben', 'Cleo'].map((p) => rated.get(p)!);
		for (const s of [ana, ben, cleo]) expect(s!.steps[0]!.before).toBe(50);
		expect(ana!.steps[0]!.after).toBeGreaterThan(50);
		expect(cleo!.steps[0]!.after).toBeLessThan(ben!.steps[0]!.after);
		expect(ana!.steps[0]).toMatchObject({ gameId: 'g1', result: 'won', opposition: 'similar' });
		expect(cleo!.steps[0]!.result).toBe('lost');
	});

	it.each([
		[SETTLED_AFTER - 1, null],
		[SETTLED_AFTER, 'its rating']
	])('after %i games shows %s (null: "new")', (games, shown) => {
		const cards = Array.from({ length: games }, (_, i) =>
			card(`g${i}`, `2026-01-${String(10 + i)}`, { Ana: 150, Ben: 100 })
		);
		const ana = ratings(cards).get('Ana')!;
		expect(ana.games).toBe(games);
		if (shown === null) expect(ana.shown).toBeNull();
		else expect(ana.shown).toBe(Math.round(ana.steps.at(-1)!.after));
	});

	it('says when the opponents were stronger, and rates a win over them higher', () => {
		const warmUp = Array.from({ length: 6 }, (_, i) =>
			card(`w${i}`, '2026-01-01', { Ben: 150, Dev: 60 })
		);
		const rated = ratings([...warmUp, card('x', '2026-01-02', { Ana: 150, Ben: 100, Eli: 90 })]);
		const ana = rated.get('Ana')!.steps[0]!;
		expect(ana.opposition).toBe('stronger');
		const plain = ratings([card('x', '2026-01-02', { Ana: 150, Ben: 100, Eli: 90 })]);
		expect(ana.after - ana.before).toBeGreaterThan(
			plain.get('Ana')!.steps[0]!.after - plain.get('Ana')!.steps[0]!.before
		);
	});

	it('gives partners the same change, as one side', () => {
		const team: StandingsCard = {
			gameId: 't',
			date: '2026-01-05',
			sides: [
				{ label: 'Ana+Cleo', players: ['Ana', 'Cleo'], total: 61 },
				{ label: 'Ben+Dev', players: ['Ben', 'Dev'], total: 40 }
			],
			winners: ['Ana+Cleo']
		};
		const rated = ratings([team]);
		expect(rated.get('Ana')!.mu).toBeCloseTo(rated.get('Cleo')!.mu, 10);
		expect(rated.get('Ana')!.mu).toBeGreaterThan(rated.get('Ben')!.mu);
	});

	it('rates the games in play order whatever order they come in, and skips one-sided cards', () => {
		const { cards } = simulateLeague(7, 12, 60);
		const lone = card('lone', '2026-001', { s1: 80 });
		const once = ratings(cards);
		const shuffled = ratings([lone, ...[...cards].reverse()]);
		for (const [player, r] of once) expect(shuffled.get(player)).toEqual(r);
		expect([...cards].sort(playOrder).map((c) => c.gameId)).toEqual(
			[...cards].map((c) => c.gameId).sort()
		);
	});
});

/** Mean Spearman's rho, over five simulated classes, of true skill against ratings and wins. */
function closeness(games: number) {
	let rated = 0;
	let won = 0;
	const seeds = [1, 2, 3, 4, 5];
	for (const seed of seeds) {
		const { skill, cards } = simulateLeague(seed, 34, games);
		const byRating = ratings(cards);
		const rows = new Map(standings(cards).map((r) => [r.player, r]));
		const ids = [...skill.keys()];
		const truth = ids.map((id) => skill.get(id)!);
		rated +=
			spearman(
				truth,
				ids.map((id) => byRating.get(id)?.mu ?? 0)
			) / seeds.length;
		won +=
			spearman(
				truth,
				ids.map((id) => rows.get(id)?.won ?? 0)
			) / seeds.length;
	}
	return { rated, won };
}

describe.each([
	['a third of a term', 180],
	['a whole term', 540]
])('on simulated classes of 34 over %s (%i games)', (_when, games) => {
	const { rated, won } = closeness(games);
	it(`orders students closer to their true skill than wins alone (rho ${rated.toFixed(3)} against ${won.toFixed(3)})`, () => {
		expect(rated).toBeGreaterThan(won);
		expect(rated).toBeGreaterThan(0.9);
	});
});
