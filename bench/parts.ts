/**
 * Which parts of `npm run bench` run. A whole run (no switches) writes `bench/results.json`,
 * the figures we commit; a partial run, for an engineer checking one thing, writes
 * `bench/results-partial.json` so it never overwrites them.
 *
 * - `BENCH_ONLY=tap,pages`: any of bundle, tap, pages, files, server, live (default: all).
 * - `BENCH_SIZES=1,10`: any of 1 (one class), 10 (10 classes in one league), 100l (100 leagues
 *   of one class), 100 (100 classes in one league). Default all four; `BENCH_QUICK=1` leaves
 *   out 100l and 100 (the two kept between runs, `kept-school.ts`).
 */
export const PARTS = ['bundle', 'tap', 'pages', 'files', 'server', 'live'] as const;
export type Part = (typeof PARTS)[number];
export const SIZES = ['1', '10', '100l', '100'] as const;
export type Size = (typeof SIZES)[number];

function listOf<T extends string>(raw: string | undefined, known: readonly T[], name: string): T[] {
	if (raw === undefined || raw.trim() === '') return [];
	const items = raw.split(',').map((s) => s.trim());
	const unknown = items.filter((s) => !(known as readonly string[]).includes(s));
	if (unknown.length > 0) {
		throw new Error(`${name}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
	}
	return items as T[];
}

export interface Plan {
	parts: ReadonlySet<Part>;
	sizes: ReadonlySet<Size>;
	partial: boolean;
}

export function planFrom(env: NodeJS.ProcessEnv): Plan {
	const only = listOf(env.BENCH_ONLY, PARTS, 'BENCH_ONLY');
	const sizes = listOf(env.BENCH_SIZES, SIZES, 'BENCH_SIZES');
	const defaults: Size[] = ['1', '10'];
	if (env.BENCH_QUICK !== '1') defaults.push('100l', '100');
	return {
		parts: new Set(only.length > 0 ? only : PARTS),
		sizes: new Set(sizes.length > 0 ? sizes : defaults),
		partial: only.length > 0 || sizes.length > 0 || env.BENCH_QUICK === '1'
	};
}
