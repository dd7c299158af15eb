/**
 * Group commit of stored cards (issue 35): the cards that come in while one batch is on its way
 * to PostgreSQL go in the next, one statement (`store_cards`, migration 0013) and one commit for
 * all of them, each answered only after that commit. An idle server's card goes at once, alone.
 *
 * Kept because the live bench misses its push budget without it by seconds: alternated on the
 * same machine state (bench/live.ts, 2026-12-03 11:55-12:03 UTC), the card push p95 during live
 * play read 1,230 and 3,212 ms without it, 198 and 138 ms with it, and the server's peak memory
 * 304 and 358 MB without, 273 and 269 MB with (budgets 50 ms and 300 MB; docs/speed.md). With it
 * the budget is still missed in whole runs on this machine (1,196 ms at 13:13): the server's CPU a
 * message did not move, and it keeps one core 85% busy.
 *
 * A batch that fails as a whole (not a refusal: those are rows) is tried again card by card, so
 * one card the database cannot take never fails the others with it.
 */
import { batched } from './batched';
import type { Database } from './db';

/** One card to store, checked by everything but the database. */
export interface CardToStore {
	leagueId: string;
	gameId: string;
	fingerprint: string;
	/** The card as stored, as JSON text. */
	card: string;
	/** The phone that pushed it; null for the instructor. */
	deviceId: string | null;
	/** The card's seats, each once. */
	seats: readonly string[];
	/** Whether the phone's `last_seen_at` is old enough to write again. */
	seen: boolean;
}

/** What the database found and did for one card. */
export interface StoreRow {
	/** The card's number when this statement stored it. */
	stored: number | null;
	/** Its number when it was stored already. */
	held: number | null;
	/** Whether the league exists. */
	league: boolean;
	/** How many of the card's seats are on the league's roster. */
	rostered: number;
}

interface Row {
	o_index: number;
	o_stored: number | null;
	o_held: number | null;
	o_league: boolean;
	o_rostered: number;
}

/** Between two cards of a batch: JSON text never holds this character as it is. */
const CARD_SEPARATOR = '\x1e';

/** The rows of `cards` stored by one statement, in their order. */
async function storeAll(db: Database, cards: readonly CardToStore[]): Promise<StoreRow[]> {
	const items = cards.map((c, i) => ({
		i,
		l: c.leagueId,
		g: c.gameId,
		f: c.fingerprint,
		d: c.deviceId,
		s: c.seats,
		seen: c.seen
	}));
	const rows = await db.query<Row>('select * from store_cards($1::json, $2::text)', [
		JSON.stringify(items),
		cards.map((c) => c.card).join(CARD_SEPARATOR)
	]);
	if (rows.length !== cards.length) throw new Error('store_cards returned no row for a card');
	const byIndex: StoreRow[] = [];
	for (const r of rows)
		byIndex[r.o_index] = {
			stored: r.o_stored === null ? null : Number(r.o_stored),
			held: r.o_held === null ? null : Number(r.o_held),
			league: r.o_league,
			rostered: r.o_rostered
		};
	return byIndex;
}

type Outcome = { row: StoreRow } | { error: unknown };

/** `cards` stored together; when that fails, each alone, with its own outcome. */
async function storeBatch(db: Database, cards: CardToStore[]): Promise<Outcome[]> {
	try {
		return (await storeAll(db, cards)).map((row) => ({ row }));
	} catch (error) {
		if (cards.length === 1) return [{ error }];
		const outcomes: Outcome[] = [];
		for (const card of cards) {
			try {
				const [row] = await storeAll(db, [card]);
				outcomes.push({ row: row as StoreRow });
			} catch (e) {
				outcomes.push({ error: e });
			}
		}
		return outcomes;
	}
}

const stores = new WeakMap<Database, (card: CardToStore) => Promise<Outcome>>();

/** Stores `card` in `db` with the cards that come in meanwhile (see the top of this file). */
export async function storeInBatch(db: Database, card: CardToStore): Promise<StoreRow> {
	let store = stores.get(db);
	if (!store) stores.set(db, (store = batched((cards: CardToStore[]) => storeBatch(db, cards))));
	const outcome = await store(card);
	if ('error' in outcome) throw outcome.error;
	return outcome.row;
}
