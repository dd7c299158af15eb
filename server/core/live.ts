/**
 * A league game's live copy (issue 40): the entries its group's phone recorded, stored once each
 * and in order, for the instructor's live view. Never a score: it goes when the game's card is
 * pushed (core/cards.ts) or two days after its phone was last heard.
 */
import type { LivePayload } from '$lib/transfer/schema';
import type { Caller } from './caller';
import type { Database, Query } from './db';
import { ApiError } from './errors';

/** The most entries a game's live copy holds: a card's own limit (transfer/schema.ts). */
export const LIVE_ENTRIES_MAX = 5000;

/** How long a game's live copy is kept after its phone was last heard. */
export const LIVE_KEEP_DAYS = 2;

/** How often one process deletes the live copies past LIVE_KEEP_DAYS. */
const SWEEP_EVERY_MS = 60_000;

/** The first key of the league's advisory lock (the second is the league id's hash). */
const LIVE_LOCK = 40;

let lastSweep = 0;

/**
 * Takes league `leagueId`'s live lock until the transaction of `q` ends. Every write that
 * numbers a league's live entries or game states takes it before it takes a number, so they
 * commit in the order of their numbers and a reader going on "after N" never skips one.
 */
export async function lockLive(q: Query, leagueId: string): Promise<void> {
	await q('select pg_advisory_xact_lock($1, hashtext($2))', [LIVE_LOCK, leagueId]);
}

/** Deletes the live copies not heard from for LIVE_KEEP_DAYS (with `q`, in its transaction). */
export async function sweepLive(q: Query): Promise<void> {
	lastSweep = Date.now();
	await q('delete from live_games where heard_at < now() - make_interval(days => $1)', [
		LIVE_KEEP_DAYS
	]);
}

const notYours = () => new ApiError(404, 'server-live-not-yours');

/** A game's standing in its league, read before a live message is stored: `$1` league, `$2` game, `$3` `[{ gameId }]`. */
const STANDING = `exists (select 1 from handouts where league_id = $1
		and payload -> 'groups' @> $3::jsonb) as handed,
	(select device_id from game_states where league_id = $1 and game_id = $2) as owner,
	exists (select 1 from cards where league_id = $1 and game_id = $2) as counted,
	(select device_id from live_games where league_id = $1 and game_id = $2) as sender,
	coalesce((select max(seq) from live_entries where league_id = $1 and game_id = $2), 0) as held`;

/**
 * The common message in one statement: under the league's live lock, the game's standing read,
 * and when the game is handed out, the caller's, not counted, sent by no other phone and the
 * entries follow what is held, the game's record and its new entries written; `wrote` says so.
 * The lock is taken before any number (the inserts read `go`, which reads after `lock`). The
 * reads see the database as the statement began, not as the lock was taken: a message racing
 * another for the same game stores what the other did not (`on conflict do nothing`), and its
 * gap check can only ask for entries again, never skip one. Entries go in the order of their
 * seq, so the stream's numbers follow the game's log.
 */
const STORE = `with lock as (
		select pg_advisory_xact_lock(${LIVE_LOCK}, hashtext($1))
	), standing as (
		select ${STANDING} from lock
	), go as (
		select held from standing where handed and owner = $4 and not counted
		and (sender is null or sender = $4) and $7 <= held + 1 and $8 >= held + 1
	), game as (
		insert into live_games (league_id, game_id, device_id, game)
		select $1, $2, $4, $5::jsonb from go
		on conflict (league_id, game_id) do update set device_id = excluded.device_id,
		game = excluded.game, heard_at = now()
	), entries as (
		insert into live_entries (league_id, game_id, seq, entry)
		select $1, $2, (t.e ->> 'seq')::int, t.e
		from go, jsonb_array_elements($6::jsonb) with ordinality as t(e, i)
		where (t.e ->> 'seq')::int > go.held order by t.i
		on conflict (league_id, game_id, seq) do nothing
	)
	select exists (select 1 from go) as wrote`;

/**
 * Stores `live`'s entries that follow the game's stored ones, sent by `caller` (a phone of the
 * game's league, its seal checked), under the league's live lock. The game must be handed out
 * in the league and be the phone's (the last to report it in game_states); when another phone
 * sent its live copy before, that copy goes and the new phone's starts over. Entries already
 * stored are skipped, so a retried message stores nothing twice. Answers the number of the next
 * entry the server wants. A message that follows its game's entries is one round trip
 * (`STORE`); the rest (refusals, a gap, a retry, another phone's copy) take a transaction
 * (`storeLong`). Once a minute it also sweeps the old live copies.
 * @throws ApiError 404 `server-live-not-yours`, 409 `server-live-gap` (with `next`), 422
 * `server-live-too-long`
 */
export async function storeLive(
	db: Database,
	caller: Caller,
	live: LivePayload
): Promise<{ next: number }> {
	const { events } = live;
	const first = events[0]?.seq ?? 1;
	const last = first + events.length - 1;
	if (last > LIVE_ENTRIES_MAX) {
		throw new ApiError(422, 'server-live-too-long', { max: LIVE_ENTRIES_MAX });
	}
	if (Date.now() - lastSweep > SWEEP_EVERY_MS) await sweepLive(db.query);
	if (await tryStore(db.query, caller, live, first, last)) return { next: last + 1 };
	return storeLong(db, caller, live, first, last);
}

/** Runs `STORE` with `q`: whether it wrote. */
async function tryStore(
	q: Query,
	caller: Caller,
	{ game, events }: LivePayload,
	first: number,
	last: number
): Promise<boolean> {
	const [row] = await q<{ wrote: boolean }>(STORE, [
		caller.leagueId,
		game.id,
		JSON.stringify([{ gameId: game.id }]),
		caller.deviceId,
		JSON.stringify(game),
		JSON.stringify(events),
		first,
		last
	]);
	return row?.wrote === true;
}

/**
 * `storeLive`'s other cases, in one transaction under the league's live lock, read after it
 * was taken: refused, already counted, a gap, nothing new, or another phone's copy to drop
 * before `STORE` writes (in the same transaction, so it sees the copy gone).
 */
async function storeLong(
	db: Database,
	caller: Caller,
	live: LivePayload,
	first: number,
	last: number
): Promise<{ next: number }> {
	const leagueId = caller.leagueId;
	const gameId = live.game.id;
	return db.transaction(async (q) => {
		await lockLive(q, leagueId);
		const [row] = await q<{
			handed: boolean;
			owner: string | null;
			counted: boolean;
			sender: string | null;
			held: number;
		}>(`select ${STANDING}`, [leagueId, gameId, JSON.stringify([{ gameId }])]);
		if (!row?.handed || row.owner === null || row.owner !== caller.deviceId) throw notYours();
		// Its card is here and counts: the live copy is no longer wanted, and nothing is missing.
		if (row.counted) return { next: last + 1 };
		let held = Number(row.held);
		if (row.sender !== null && row.sender !== caller.deviceId) {
			await q('delete from live_games where league_id = $1 and game_id = $2', [leagueId, gameId]);
			held = 0;
		}
		const next = held + 1;
		if (first > next) throw new ApiError(409, 'server-live-gap', { next }, { next });
		if (last < next) return { next };
		if (!(await tryStore(q, caller, live, first, last))) {
			throw new Error('a live message neither refused nor stored under its lock');
		}
		return { next: last + 1 };
	});
}
