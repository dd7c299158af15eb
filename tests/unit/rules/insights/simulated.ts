/**
 * Simulated leagues for the insights' tests: students with a known skill, groups of 3 and 4
 * drawn at random each game, and each player's total drawn around their skill, so that a
 * figure can be checked against the truth it estimates.
 */
import { seededRandom, type Random } from '$lib/rules/groups';
import type { StandingsCard } from '$lib/rules/standings';

/** A standard normal draw (Box-Muller). */
function normal(random: Random): number {
	const u = Math.max(random(), 1e-12);
	return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export interface SimulatedLeague {
	/** Each student's true skill, by id. */
	skill: Map<string, number>;
	cards: StandingsCard[];
}

/**
 * A class of `students` playing `games` games over a term: each game seats 3 or 4 students at
 * random; a side's total is 100 points plus 25 per unit of skill plus 30 of luck, in fives.
 */
export function simulateLeague(seed: number, students = 34, games = 540): SimulatedLeague {
	// Seeded, so every run simulates the same leagues.
	const random = seededRandom(seed);
	const ids = Array.from({ length: students }, (_, i) => `s${i}`);
	const skill = new Map(ids.map((id) => [id, normal(random)]));
	const cards: StandingsCard[] = [];
	for (let g = 0; g < games; g++) {
		const size = random() < 0.5 ? 3 : 4;
		const pool = [...ids];
		const seated: string[] = [];
		for (let i = 0; i < size; i++)
			seated.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
		const sides = seated.map((p) => ({
			label: p,
			players: [p],
			total: Math.max(0, 5 * Math.round((100 + 25 * skill.get(p)! + 30 * normal(random)) / 5))
		}));
		const best = Math.max(...sides.map((s) => s.total));
		const day = String(1 + Math.floor(g / 9)).padStart(3, '0');
		cards.push({
			gameId: `g${String(g).padStart(4, '0')}`,
			date: `2026-${day}`,
			sides,
			winners: sides.filter((s) => s.total === best).map((s) => s.label)
		});
	}
	return { skill, cards };
}

/** Ranks of `values`, ties given their mean rank. */
function ranks(values: number[]): number[] {
	const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
	const out = new Array<number>(values.length);
	for (let i = 0; i < order.length;) {
		let j = i;
		while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
		for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2;
		i = j + 1;
	}
	return out;
}

/** Spearman's rank correlation of two equally long lists. */
export function spearman(a: number[], b: number[]): number {
	const ra = ranks(a);
	const rb = ranks(b);
	const mean = (ra.length - 1) / 2;
	let num = 0;
	let da = 0;
	let db = 0;
	for (let i = 0; i < ra.length; i++) {
		num += (ra[i]! - mean) * (rb[i]! - mean);
		da += (ra[i]! - mean) ** 2;
		db += (rb[i]! - mean) ** 2;
	}
	return num / Math.sqrt(da * db);
}
