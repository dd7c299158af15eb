/**
 * The league's standings as the instructor shares them with the group phones (issue 15): a
 * plain snapshot that rides along with the messages already going to the phones (a receipt, a
 * group's code, a session's code) and that a school server can carry as it is. Compact for the
 * QR codes: one short array per student, no ids.
 *
 * A snapshot with `rows: null` says the instructor stopped sharing: the phone hides what it
 * held. Whatever the way in, the newer snapshot replaces the older, never the other way round.
 */
import * as v from 'valibot';
import { cleanName, MAX_NAME_LENGTH } from '$lib/card/names';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));

/** One student's line: name, games played, won, total points, place. */
export const SnapshotRowSchema = v.pipe(
	v.tuple([
		// The one name rule, as for a name typed on the device: no hidden or turning characters.
		v.pipe(
			v.string(),
			v.maxLength(1000),
			v.transform(cleanName),
			v.minLength(1),
			v.maxLength(MAX_NAME_LENGTH)
		),
		Count,
		Count,
		v.pipe(v.number(), v.integer(), v.minValue(-1_000_000), v.maxValue(10_000_000)),
		v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))
	]),
	v.check(([, played, won]) => won <= played, 'more games won than played')
);

/** The standings shared with a league's phones, or the word to hide them. */
export const StandingsSnapshotSchema = v.object({
	/** The league they are the standings of. */
	league: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
	/** When the instructor's device worked them out (or stopped sharing). */
	at: v.pipe(v.string(), v.isoTimestamp()),
	/** In place order; null: the instructor stopped sharing, hide them. */
	rows: v.nullable(v.pipe(v.array(SnapshotRowSchema), v.maxLength(1000)))
});

export type StandingsSnapshot = v.InferOutput<typeof StandingsSnapshotSchema>;
export type SnapshotRow = v.InferOutput<typeof SnapshotRowSchema>;

/** A student's line as a screen reads it. */
export interface SharedRow {
	name: string;
	played: number;
	won: number;
	points: number;
	place: number;
}

/** The line of the snapshot for `row`. */
export function toSnapshotRow(row: SharedRow): SnapshotRow {
	return [row.name, row.played, row.won, row.points, row.place];
}

/** The rows of `snapshot` as a screen reads them; none when sharing stopped. */
export function sharedRows(snapshot: StandingsSnapshot): SharedRow[] {
	return (snapshot.rows ?? []).map(([name, played, won, points, place]) => ({
		name,
		played,
		won,
		points,
		place
	}));
}

/**
 * Whether `incoming` should replace `held`: it is of the same league and strictly newer (a
 * copy of the one held changes nothing). With nothing held, any snapshot is kept.
 */
export function isNewer(
	held: StandingsSnapshot | null | undefined,
	incoming: StandingsSnapshot
): boolean {
	if (!held) return true;
	if (held.league !== incoming.league) return false;
	return Date.parse(incoming.at) > Date.parse(held.at);
}

/** How far past the time it arrives a snapshot may be dated: clocks differ, but not by days. */
export const MAX_SNAPSHOT_AHEAD_MS = 24 * 60 * 60_000;

/**
 * Whether `snapshot` is dated more than a day after `now` (the time it arrives): kept, it
 * would outrank every real snapshot and every hide after it.
 */
export function isFromTheFuture(snapshot: StandingsSnapshot, now: number): boolean {
	return Date.parse(snapshot.at) > now + MAX_SNAPSHOT_AHEAD_MS;
}

/**
 * Reads a snapshot from outside (the school server) through its schema.
 * @returns the snapshot, or null when it is not one (the caller says so and changes nothing)
 */
export function readSnapshot(value: unknown): StandingsSnapshot | null {
	const parsed = v.safeParse(StandingsSnapshotSchema, value);
	return parsed.success ? parsed.output : null;
}
