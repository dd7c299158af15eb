/**
 * Counting what the server limits: wrong join codes and registrations, by key (an address, a
 * league, a typed code, the whole server), in windows, in the database so every server process
 * counts the same. Each count is one statement, so requests arriving together are counted one by
 * one and each learns its own number (200 wrong codes at once from one address: 10 are judged
 * wrong, 190 told to wait). The table stays bounded: windows past are deleted, and once it holds
 * MAX_KEYS live rows nothing more is counted and every request that would be is told to wait.
 */
import type { Database } from './db';

/** Live rows the counts table holds at most. */
export const MAX_KEYS = 20_000;

/** The longest window a count uses: rows older than it are deleted. */
const LONGEST_WINDOW_SECONDS = 3600;

/** How often one process deletes the windows past. */
const SWEEP_EVERY_MS = 60_000;

let lastSweep = 0;

/** Deletes the counts whose windows are past. */
export async function sweepPast(db: Database): Promise<void> {
	lastSweep = Date.now();
	await db.query(
		'delete from join_failures where window_start < now() - make_interval(secs => $1)',
		[LONGEST_WINDOW_SECONDS]
	);
}

/**
 * Adds one to each of `keys` in windows of `windowSeconds`; the count of each after this one,
 * in the order of `keys`, or null when the table holds `maxKeys` rows (nothing counted).
 */
export async function countOnce(
	db: Database,
	keys: readonly string[],
	windowSeconds: number,
	maxKeys = MAX_KEYS
): Promise<number[] | null> {
	if (Date.now() - lastSweep > SWEEP_EVERY_MS) await sweepPast(db);
	const rows = await db.query<{ client: string; failures: number }>(
		`insert into join_failures (client, window_start, failures)
		select k, now(), 1 from unnest($1::text[]) k
		where (select count(*) from join_failures) < $3
		on conflict (client) do update set
		failures = case when join_failures.window_start > now() - make_interval(secs => $2)
			then join_failures.failures + 1 else 1 end,
		window_start = case when join_failures.window_start > now() - make_interval(secs => $2)
			then join_failures.window_start else now() end
		returning client, failures`,
		[keys, windowSeconds, maxKeys]
	);
	if (rows.length < keys.length) return null;
	const byKey = new Map(rows.map((r) => [r.client, Number(r.failures)]));
	return keys.map((k) => byKey.get(k) ?? 0);
}
