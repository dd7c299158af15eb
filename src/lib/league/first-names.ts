import type { Names } from '$lib/league/views';
import type { PlayerId } from '$lib/rules/types';

/**
 * The first names of `everyone` for a screen the whole class reads ("Ana B." where two of them
 * share a first name): the standings projected, the session's board. Pass every student who may
 * appear, shown or not: "Ana" alone would still be ambiguous beside another Ana.
 */
export function firstNames(everyone: readonly PlayerId[], names: Names): Names {
	const parts = new Map<PlayerId, string[]>(
		everyone.map((p) => [p, (names.get(p) ?? '').trim().split(/\s+/)])
	);
	const firstCount = new Map<string, number>();
	for (const [first] of parts.values())
		firstCount.set(first ?? '', (firstCount.get(first ?? '') ?? 0) + 1);
	const short = new Map<PlayerId, string>();
	for (const [player, [first = '', ...rest]] of parts) {
		const last = rest.at(-1);
		short.set(player, (firstCount.get(first) ?? 0) > 1 && last ? `${first} ${last[0]}.` : first);
	}
	return short;
}
