/**
 * How a choice of groups reads in the session's "Groups" picker: the number of groups and the
 * players at each table, in words ("6 groups of 4", "7 groups: 4 of 4 and 3 of 3").
 */
export function planWords(sizes: readonly number[]): string {
	const count = sizes.length;
	const groups = `${count} ${count === 1 ? 'group' : 'groups'}`;
	const bySize = new Map<number, number>();
	for (const size of sizes) bySize.set(size, (bySize.get(size) ?? 0) + 1);
	const kinds = [...bySize].sort((a, b) => b[0] - a[0]);
	if (kinds.length === 1) return `${groups} of ${kinds[0]?.[0]}`;
	return `${groups}: ${kinds.map(([size, n]) => `${n} of ${size}`).join(' and ')}`;
}
