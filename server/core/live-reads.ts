/**
 * Reading a league's live view (issue 40): where its numbers stand, its live entries and game
 * states after a number, as the stream and the instructor's pull send them. Every read names a
 * league and walks an index by its number (migrations 0011 and 0012).
 */
import type { LivePayload } from '$lib/transfer/schema';
import type { Cursor } from './live-cursor';
import type { Query } from './db';

type GameRecord = LivePayload['game'];
type EventRecord = LivePayload['events'][number];

/** The most rows one read takes: a reader goes on from the last one it got. */
export const READ_PAGE = 500;

/** Rows of json or jsonb as objects: `pg` parses them, PGlite may hand back text. */
function asJson<T>(value: unknown): T {
	return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Where each of `leagueIds` stands now: its highest live entry and game state, its state and
 * card numbers. A league that is not there is left out.
 */
export async function headsOf(
	q: Query,
	leagueIds: readonly string[]
): Promise<Map<string, Cursor>> {
	const rows = await q<{
		id: string;
		live: number;
		states: number;
		league: number;
		cards: number;
	}>(
		`select l.id, l.state_seq as league, l.card_seq as cards,
		coalesce((select max(e.stream_seq) from live_entries e where e.league_id = l.id), 0) as live,
		coalesce((select max(s.seq) from game_states s where s.league_id = l.id), 0) as states
		from leagues l where l.id = any($1::text[])`,
		[[...leagueIds]]
	);
	return new Map(
		rows.map((r) => [
			r.id,
			{
				live: Number(r.live),
				states: Number(r.states),
				league: Number(r.league),
				cards: Number(r.cards)
			}
		])
	);
}

/** Live entries of one game that follow each other in the league's stream. */
export interface LiveRun {
	game: GameRecord;
	events: EventRecord[];
	/** The stream number of its last entry. */
	last: number;
}

/**
 * League `leagueId`'s live entries numbered after `after` and up to `upTo`, oldest first, at
 * most `limit`, in runs: entries of one game one after another make one run, and a run ends
 * where another game's entry comes between (so every run's `last` covers all before it).
 * `count` and `last` are of the rows read, shown or not (a game dropped since: its card came).
 * One round trip: each run's game record comes with its first entry only, so it is sent and
 * parsed once a run. The one ask of `liveAfterMany`, which reads as this does for each ask.
 */
export async function liveAfter(
	q: Query,
	leagueId: string,
	after: number,
	upTo: number,
	limit = READ_PAGE
): Promise<{ runs: LiveRun[]; count: number; last: number }> {
	const [read] = await liveAfterMany(q, [{ leagueId, after, upTo }], limit);
	return read ?? { runs: [], count: 0, last: after };
}

/** One league's ask of `liveAfterMany`: its entries after `after`, up to `upTo`. */
export interface LiveAsk {
	leagueId: string;
	after: number;
	upTo: number;
}

/**
 * `liveAfter` for several leagues in one statement, each ask its own answer (at most `limit`
 * rows each), as if each were read alone: the live streams' hubs ask it through `batched`, so
 * the hubs poked together (a live message each) read in one round trip.
 */
export async function liveAfterMany(
	q: Query,
	asks: readonly LiveAsk[],
	limit = READ_PAGE
): Promise<{ runs: LiveRun[]; count: number; last: number }[]> {
	const rows = await q<{
		i: number;
		game_id: string;
		entry: unknown;
		stream_seq: number;
		held: boolean;
		game: unknown;
	}>(
		`select w.i, e.game_id, e.entry, e.stream_seq, g.game_id is not null as held,
		case when e.game_id is distinct from lag(e.game_id) over (partition by w.i order by e.stream_seq)
			then g.game end as game
		from unnest($1::text[], $2::bigint[], $3::bigint[]) with ordinality as w(league_id, after, up_to, i)
		cross join lateral (select game_id, entry, stream_seq from live_entries
			where league_id = w.league_id and stream_seq > w.after and stream_seq <= w.up_to
			order by stream_seq limit $4) e
		left join live_games g on g.league_id = w.league_id and g.game_id = e.game_id
		order by w.i, e.stream_seq`,
		[asks.map((a) => a.leagueId), asks.map((a) => a.after), asks.map((a) => a.upTo), limit]
	);
	const byAsk = asks.map(() => [] as typeof rows);
	for (const r of rows) byAsk[Number(r.i) - 1]?.push(r);
	return asks.map((a, i) => runsOf(byAsk[i] ?? [], a.after));
}

/** Rows of `liveAfter`'s read as its answer: runs of one game's entries, shown or not. */
function runsOf(
	rows: readonly { entry: unknown; stream_seq: number; held: boolean; game: unknown }[],
	after: number
): { runs: LiveRun[]; count: number; last: number } {
	if (rows.length === 0) return { runs: [], count: 0, last: after };
	const runs: LiveRun[] = [];
	let run: LiveRun | null = null;
	for (const r of rows) {
		// Its game dropped since (its card came): its entries are no longer shown.
		if (!r.held) continue;
		if (r.game !== null) {
			run = { game: asJson<GameRecord>(r.game), events: [], last: 0 };
			runs.push(run);
		}
		if (!run) continue;
		run.events.push(asJson<EventRecord>(r.entry));
		run.last = Number(r.stream_seq);
	}
	return { runs, count: rows.length, last: Number(rows[rows.length - 1]?.stream_seq ?? after) };
}

/** A game's state as the instructor's session page reads it. */
export interface GameStateRow {
	gameId: string;
	state: string;
	heardAt: string;
	seq: number;
}

/** League `leagueId`'s game states numbered after `after` and up to `upTo`, oldest first. */
export async function statesAfter(
	q: Query,
	leagueId: string,
	after: number,
	upTo: number,
	limit = READ_PAGE
): Promise<GameStateRow[]> {
	const rows = await q<{ game_id: string; state: string; heard_at: Date | string; seq: number }>(
		`select game_id, state, heard_at, seq from game_states
		where league_id = $1 and seq > $2 and seq <= $3 order by seq limit $4`,
		[leagueId, after, upTo, limit]
	);
	return rows.map((r) => ({
		gameId: r.game_id,
		state: r.state,
		heardAt: new Date(r.heard_at).toISOString(),
		seq: Number(r.seq)
	}));
}
