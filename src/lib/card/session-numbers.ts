/**
 * Each session of a league by its number in the term (1 for the first by date), from the
 * sessions' days alone where it can, without the store: `$lib/db/lists.ts` `sessionNumbers`
 * reads the days from an index and, through `sharingADay`, only the sessions it must order
 * within a day.
 */

/** A session as its league's `[leagueId+date]` index gives it: its id and its day. */
export interface KeyedSession {
	id: string;
	date: string;
}

/**
 * The sessions of `keyed` that share a day with another, whose creation times order them:
 * with `wanted`, only those on a day that holds one of `wanted` (another day moves the numbers
 * after it by its count alone, whatever its order).
 */
export function sharingADay(
	keyed: readonly KeyedSession[],
	wanted?: ReadonlySet<string>
): string[] {
	const perDay = new Map<string, number>();
	for (const { date } of keyed) perDay.set(date, (perDay.get(date) ?? 0) + 1);
	const days = wanted && new Set(keyed.filter((k) => wanted.has(k.id)).map((k) => k.date));
	return keyed
		.filter((k) => (perDay.get(k.date) ?? 0) > 1 && (!days || days.has(k.date)))
		.map((k) => k.id);
}

/**
 * The number of each session of `keyed` (only those of `wanted`, when given), by session id: by
 * date, then creation (`created`, by session id, for the sessions `sharingADay` named), as
 * `league/card-place.ts` `sessionNumbers` orders `sessions.list`, whose order (the latest id
 * first) settles the rest. Sorts `keyed` in place.
 */
export function numbered(
	keyed: KeyedSession[],
	created: ReadonlyMap<string, string>,
	wanted?: ReadonlySet<string>
): Map<string, number> {
	keyed.sort(
		(a, b) =>
			a.date.localeCompare(b.date) ||
			(created.get(a.id) ?? '').localeCompare(created.get(b.id) ?? '') ||
			(a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
	);
	const numbers = keyed.map((k, i) => [k.id, i + 1] as const);
	return new Map(wanted ? numbers.filter(([id]) => wanted.has(id)) : numbers);
}
