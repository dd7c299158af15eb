/**
 * Group commit of card pushes (issue 16). A push that finds a lane free goes to the database at
 * once, alone; pushes that arrive while every lane is busy wait, and the next free lane sends all
 * of them (up to `maxBatch`) as one statement, `push_cards` (migrations 0006, 0008): one round trip and
 * one commit for the lot. So a quiet server answers each push as soon as it can, and a busy one
 * spends its CPU (and PostgreSQL's) on cards rather than on statements, transactions and
 * context switches. Every push is answered only after the commit that stored it.
 *
 * No state is kept between batches: a batch is one transaction, and several processes batching
 * on one database behave as one (push_cards locks leagues in one order).
 */
import type { Database } from './db';

/** One push, checked by everything but the database. */
export interface PushItem {
	tokenHash: string;
	leagueId: string;
	seats: readonly string[];
	/** The card passed every check that needs no database. */
	store: boolean;
	gameId: string;
	fingerprint: string;
	/** The card as stored, as JSON. */
	card: string;
}

/** What the database found and did for one push (see migrations 0006, 0008). */
export interface PushRow {
	o_index: number;
	o_role: 'instructor' | 'device' | null;
	o_league: string | null;
	o_device: string | null;
	o_revoked: boolean | null;
	o_roster: { id: string; name: string }[] | string | null;
	o_seq: number | string | null;
	o_created: boolean | null;
}

export interface PushBatcher {
	push(item: PushItem): Promise<PushRow>;
}

/**
 * What push_cards (migration 0008) reads of each push but its card, as a JSON array. The cards go
 * apart (`batchCards`), so that PostgreSQL reads each card's text once, as it stores it, rather
 * than scanning it with the rest at every step of taking the batch apart.
 */
export function batchJson(items: readonly PushItem[]): string {
	const parts = items.map(
		(p, i) =>
			`{"i":${i},"t":${JSON.stringify(p.tokenHash)},"l":${JSON.stringify(p.leagueId)},` +
			`"s":${JSON.stringify(p.seats)},"ok":${p.store},"g":${JSON.stringify(p.gameId)},` +
			`"f":${JSON.stringify(p.fingerprint)}}`
	);
	return `[${parts.join(',')}]`;
}

/**
 * Between two cards of a batch: a control character, which JSON text never holds as it is
 * (JSON.stringify writes it `\u001e`), so no card can contain it.
 */
export const CARD_SEPARATOR = '\x1e';

/** The cards of `items`, already JSON, in order, one text: push_cards splits it at the separator. */
export function batchCards(items: readonly PushItem[]): string {
	return items.map((p) => p.card).join(CARD_SEPARATOR);
}

interface Waiting {
	item: PushItem;
	resolve: (row: PushRow) => void;
	reject: (error: unknown) => void;
}

/**
 * Pushes to `db` through at most `lanes` statements at a time, `maxBatch` pushes each at most.
 * When a batch fails as a whole (not a refusal: those are rows), each of its pushes is tried
 * again alone, so one card the database cannot take never refuses the others with it.
 */
export function pushBatcher(db: Database, lanes: number, maxBatch = 64): PushBatcher {
	const waiting: Waiting[] = [];
	let running = 0;

	const send = async (items: readonly PushItem[]): Promise<PushRow[]> => {
		const rows = await db.query<PushRow>('select * from push_cards($1::json, $2::text)', [
			batchJson(items),
			batchCards(items)
		]);
		const byIndex: PushRow[] = [];
		for (const row of rows) byIndex[row.o_index] = row;
		return byIndex;
	};

	const run = async (batch: Waiting[]): Promise<void> => {
		try {
			const rows = await send(batch.map((w) => w.item));
			batch.forEach((w, i) => {
				const row = rows[i];
				if (row) w.resolve(row);
				else w.reject(new Error('push_cards returned no row for a push'));
			});
		} catch (error) {
			if (batch.length === 1) {
				batch[0]?.reject(error);
				return;
			}
			for (const w of batch) {
				try {
					const [row] = await send([w.item]);
					if (row) w.resolve(row);
					else w.reject(new Error('push_cards returned no row for a push'));
				} catch (e) {
					w.reject(e);
				}
			}
		}
	};

	/** Leagues with a push in a batch in flight, and how many such batches. */
	const inFlight = new Map<string, number>();
	/**
	 * The oldest waiting pushes, up to `maxBatch`, of leagues with nothing in flight. A push of a
	 * league in flight would only wait in the database, on that league's row lock, until the other
	 * batch commits (a WAL flush), and every push after it in its batch would wait with it; so it
	 * waits here instead, for the next batch, and the rest go at once. Only scheduling: another
	 * process's batches still meet on the lock, and the database keeps them right.
	 */
	const take = (): Waiting[] => {
		const batch: Waiting[] = [];
		let kept = 0;
		for (const w of waiting) {
			if (batch.length < maxBatch && !inFlight.has(w.item.leagueId)) batch.push(w);
			else waiting[kept++] = w;
		}
		waiting.length = kept;
		return batch;
	};

	const pump = () => {
		while (running < lanes && waiting.length > 0) {
			const batch = take();
			if (batch.length === 0) return;
			const leagues = new Set(batch.map((w) => w.item.leagueId));
			for (const l of leagues) inFlight.set(l, (inFlight.get(l) ?? 0) + 1);
			running++;
			void run(batch).finally(() => {
				for (const l of leagues) {
					const n = (inFlight.get(l) ?? 1) - 1;
					if (n > 0) inFlight.set(l, n);
					else inFlight.delete(l);
				}
				running--;
				pump();
			});
		}
	};

	return {
		push(item) {
			return new Promise<PushRow>((resolve, reject) => {
				waiting.push({ item, resolve, reject });
				pump();
			});
		}
	};
}
