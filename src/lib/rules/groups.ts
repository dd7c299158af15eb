/**
 * Forming the class's playing groups for a session. Pure: the random source comes in as an
 * argument (`seededRandom` makes a repeatable one), so a test can replay a whole term.
 *
 * Classroom Muggins is played by 2-4 players, 3-4 preferred (RULES.md §6): groups are of 3 or
 * 4 wherever the count allows it, and a pair only when 2 are present or when 5 are (3 and 2:
 * the one count that 3s and 4s cannot cover).
 */
import type { PlayerId } from './types';

/** A source of random numbers in [0, 1), like `Math.random`. */
export type Random = () => number;

/** A group of the session, its players in seat order. */
export type Group = PlayerId[];

/** How many times each pair of students already sat at one table this term. */
export type PairCounts = ReadonlyMap<string, number>;

/** Why a session's groups are not all of 3-4, for the instructor to read. */
export type SizeNote = 'too-few' | 'pair-only' | 'five' | null;

/** The most players a table holds, and the fewest a group is made of. */
export const MAX_TABLE = 4;
export const MIN_TABLE = 2;

/**
 * How the instructor asks for the groups: tables of at most `size` players (2-4), or `count`
 * groups. The default is tables of at most 4.
 */
export type GroupPlan = { by: 'size'; size: number } | { by: 'count'; count: number };

/** Tables of at most 4: as few groups as the class allows. */
export const DEFAULT_PLAN: GroupPlan = { by: 'size', size: MAX_TABLE };

/**
 * The numbers of groups `present` students can make, every group of 2-4: from as few as tables
 * of 4 allow to as many as pairs allow (10 → 3, 4, 5). None for fewer than 2.
 */
export function groupCounts(present: number): number[] {
	if (!Number.isInteger(present) || present < MIN_TABLE) return [];
	const fewest = Math.ceil(present / MAX_TABLE);
	const most = Math.floor(present / MIN_TABLE);
	return Array.from({ length: most - fewest + 1 }, (_, i) => fewest + i);
}

/** How many groups `plan` makes of `present` students, kept within `groupCounts`. */
function countFor(present: number, plan: GroupPlan): number {
	const counts = groupCounts(present);
	const fewest = counts[0] ?? 0;
	const most = counts.at(-1) ?? 0;
	const wanted =
		plan.by === 'count'
			? plan.count
			: Math.ceil(present / Math.min(MAX_TABLE, Math.max(MIN_TABLE, plan.size)));
	return Math.min(most, Math.max(fewest, Number.isFinite(wanted) ? Math.round(wanted) : fewest));
}

/**
 * The group sizes for `present` students under `plan`, largest first, shared out as evenly as
 * possible: tables of at most 4 make as few groups as that allows (10 → 4, 3, 3), tables of at
 * most 3 more (10 → 3, 3, 2, 2), and a number of groups that many (10 in 5 → 2, 2, 2, 2, 2). A
 * plan no class of that size can follow (7 groups of 10) is brought within 2-4 a table. None
 * for fewer than 2.
 */
export function groupSizes(present: number, plan: GroupPlan = DEFAULT_PLAN): number[] {
	if (!Number.isInteger(present) || present < MIN_TABLE) return [];
	const count = countFor(present, plan);
	const base = Math.floor(present / count);
	const bigger = present % count;
	return Array.from({ length: count }, (_, i) => (i < bigger ? base + 1 : base));
}

/** What to tell the instructor about the sizes for `present` students, if anything. */
export function sizeNote(present: number): SizeNote {
	if (present < 2) return 'too-few';
	if (present === 2) return 'pair-only';
	if (present === 5) return 'five';
	return null;
}

/**
 * A repeatable source of random numbers from a 32-bit `seed` (mulberry32: tiny, fast, and
 * plenty for shuffling a class; not for secrets).
 */
export function seededRandom(seed: number): Random {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** The key of the unordered pair `a`, `b` in `PairCounts`. */
export function pairKey(a: PlayerId, b: PlayerId): string {
	return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

/** Counts every pair that sat together in `groupings` (e.g. the term's earlier sessions). */
export function countPairs(groupings: Iterable<readonly Group[]>): Map<string, number> {
	const counts = new Map<string, number>();
	for (const groups of groupings) {
		for (const group of groups) {
			for (let i = 0; i < group.length; i++) {
				for (let j = i + 1; j < group.length; j++) {
					const key = pairKey(group[i] as PlayerId, group[j] as PlayerId);
					counts.set(key, (counts.get(key) ?? 0) + 1);
				}
			}
		}
	}
	return counts;
}

/** How many earlier meetings `groups` repeat: the sum, over pairs at one table, of their count. */
export function repeats(groups: readonly Group[], seen: PairCounts): number {
	let total = 0;
	for (const group of groups) {
		for (let i = 0; i < group.length; i++) {
			for (let j = i + 1; j < group.length; j++) {
				total += seen.get(pairKey(group[i] as PlayerId, group[j] as PlayerId)) ?? 0;
			}
		}
	}
	return total;
}

/** A shuffled copy of `items` (Fisher-Yates with `random`). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
	const out = [...items];
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[out[i], out[j]] = [out[j] as T, out[i] as T];
	}
	return out;
}

function cut(order: readonly PlayerId[], sizes: readonly number[]): Group[] {
	let at = 0;
	return sizes.map((size) => order.slice(at, (at += size)));
}

/** How much the repeat count changes if `a` (in `from`) and `b` (in `to`) change places. */
function swapGain(from: Group, a: PlayerId, to: Group, b: PlayerId, seen: PairCounts): number {
	const w = (x: PlayerId, y: PlayerId) => seen.get(pairKey(x, y)) ?? 0;
	let before = 0;
	let after = 0;
	for (const x of from) {
		if (x === a) continue;
		before += w(a, x);
		after += w(b, x);
	}
	for (const y of to) {
		if (y === b) continue;
		before += w(b, y);
		after += w(a, y);
	}
	return before - after;
}

/** Swaps players between groups while a swap lowers the repeat count (a local search). */
function improve(groups: Group[], seen: PairCounts): void {
	for (let pass = 0, better = true; better && pass < 20; pass++) {
		better = false;
		for (let g = 0; g < groups.length; g++) {
			for (let h = g + 1; h < groups.length; h++) {
				const from = groups[g] as Group;
				const to = groups[h] as Group;
				for (let i = 0; i < from.length; i++) {
					for (let j = 0; j < to.length; j++) {
						const a = from[i] as PlayerId;
						const b = to[j] as PlayerId;
						if (swapGain(from, a, to, b, seen) > 0) {
							from[i] = b;
							to[j] = a;
							better = true;
						}
					}
				}
			}
		}
	}
}

/** How `formGroups` works. */
export interface FormOptions {
	random: Random;
	/** Pairs already seen this term; the groups repeat as few of them as the search finds. */
	seen?: PairCounts;
	/** Random starts to try (each improved by swaps); more finds fewer repeats, slower. */
	tries?: number;
	/** The size of the tables or the number of groups; tables of at most 4 when absent. */
	plan?: GroupPlan;
}

/**
 * Random groups of the `present` students, sized by `groupSizes` under the plan, repeating as few pairs from
 * `seen` as it finds: it tries several shuffles, improves each by swapping students between
 * groups, and keeps the one with the fewest repeats (the first found wins a tie, so with
 * nothing seen it is simply the first shuffle).
 */
export function formGroups(present: readonly PlayerId[], options: FormOptions): Group[] {
	const sizes = groupSizes(present.length, options.plan);
	if (sizes.length === 0) return [];
	const seen = options.seen ?? new Map<string, number>();
	const tries = Math.max(1, options.tries ?? 24);
	let best: Group[] = [];
	let bestCost = Infinity;
	for (let t = 0; t < tries && bestCost > 0; t++) {
		const groups = cut(shuffle(present, options.random), sizes);
		improve(groups, seen);
		const cost = repeats(groups, seen);
		if (cost < bestCost) [best, bestCost] = [groups, cost];
	}
	return best;
}

/**
 * The groups with `player` moved to group `to` (seated last); `to === groups.length` opens a
 * new group. A group left empty is dropped. The input is not changed.
 */
export function moveStudent(groups: readonly Group[], player: PlayerId, to: number): Group[] {
	const out = groups.map((g) => g.filter((p) => p !== player));
	if (to >= out.length) out.push([player]);
	else out[Math.max(0, to)]?.push(player);
	return out.filter((g) => g.length > 0);
}
