/**
 * One league's hub (issue 40): the streams open on it in this process, and where the league
 * stood when it last read. A write of this process pokes it after its commit; the hub then reads
 * the league's changes after its cursor once and sends the same bytes to every stream that may
 * see them: live entries, game states and card numbers to the instructor's streams only, the
 * league's state number to every stream. Its work runs one cycle at a time, so messages leave
 * in the order of their cursors, and a stream that joins is brought up to the hub's cursor
 * (from its own, or from nothing) inside a cycle, before it is sent anything newer.
 */
import type { Logger } from 'pino';
import type { Database } from './db';
import { cursorText, isAhead, type Cursor } from './live-cursor';
import type { Listener } from './live-listener';
import { READ_PAGE, headsOf, statesAfter, type LiveAsk, type LiveRun } from './live-reads';
import { sseMessage } from './sse';

/** What a write changed, as it pokes the hub. */
export interface Change {
	/** Live entries were stored. */
	live?: boolean;
	/** A game state was reported. */
	states?: boolean;
	/** The league's card number now. */
	cards?: number;
	/** The league's state number now. */
	league?: number;
}

/** A read of one league's live entries (`liveAfter`'s answer), batched by the hubs (live-hubs.ts). */
export type ReadLive = (ask: LiveAsk) => Promise<{ runs: LiveRun[]; count: number; last: number }>;

/** A device's cursor: only the league's state number is ever its business. */
const deviceCursor = (league: number) => cursorText({ live: 0, states: 0, league, cards: 0 });

const ALL = Number.MAX_SAFE_INTEGER;

export class LeagueHub {
	readonly listeners = new Set<Listener>();
	/** The instructors' among `listeners`: a card or a live entry is sent to these alone, without walking a league's phones (about 50 a league in the bench). */
	readonly #instructors = new Set<Listener>();
	#joining: { listener: Listener; from: Cursor | null }[] = [];
	/** Where the league stood when the hub last read; null before its first read. */
	#at: Cursor | null = null;
	/** What to send: live entries, game states (read from the database), the numbers up to these. */
	#want = { live: false, states: false, cards: 0, league: 0 };
	#running = false;

	constructor(
		readonly leagueId: string,
		private readonly db: Database,
		private readonly log: Logger,
		private readonly readLive: ReadLive
	) {}

	/** Streams open or joining. */
	get size(): number {
		return this.listeners.size + this.#joining.length;
	}

	/** Ends every stream of the hub, open or joining. */
	endAll(): void {
		for (const l of [...this.listeners, ...this.#joining.map((j) => j.listener)]) l.end();
	}

	/** Adds `listener`, to be sent what follows `from` (everything still held when null). */
	join(listener: Listener, from: Cursor | null): void {
		this.#joining.push({ listener, from });
		this.#kick();
	}

	leave(listener: Listener): void {
		this.listeners.delete(listener);
		this.#instructors.delete(listener);
		this.#joining = this.#joining.filter((j) => j.listener !== listener);
	}

	/** A write changed the league (after its commit): send what changed. */
	poke(change: Change): void {
		const watched =
			this.#instructors.size > 0 || this.#joining.some((j) => j.listener.role === 'instructor');
		// Each read only for what changed: a live message reads no game states, and the other way.
		if (change.live && watched) this.#want.live = true;
		if (change.states && watched) this.#want.states = true;
		this.#want.cards = Math.max(this.#want.cards, change.cards ?? 0);
		this.#want.league = Math.max(this.#want.league, change.league ?? 0);
		this.#kick();
	}

	/** Where the league stood at the last read (null before the first). */
	get at(): Cursor | null {
		return this.#at && { ...this.#at };
	}

	#hasWork(at: Cursor | null): boolean {
		if (this.#joining.length > 0) return true;
		if (at === null) return false;
		const want = this.#want;
		return want.live || want.states || want.cards > at.cards || want.league > at.league;
	}

	#kick(): void {
		if (this.#running) return;
		this.#running = true;
		void this.#run();
	}

	async #run(): Promise<void> {
		try {
			while (this.#hasWork(this.#at)) await this.#cycle();
		} catch (e) {
			// The database is away, say: the joiners wait, and the next poke or check tries again.
			this.log.warn({ err: e, leagueId: this.leagueId }, 'the live stream could not read');
		} finally {
			this.#running = false;
		}
	}

	async #cycle(): Promise<void> {
		const joiners = [...this.#joining];
		const instructors = this.#instructors.size;
		const at = this.#at;
		const needHeads =
			at === null ||
			joiners.some((j) => j.from !== null && isAhead(j.from, at)) ||
			(instructors === 0 && joiners.some((j) => j.listener.role === 'instructor'));
		if (needHeads && !(await this.#readHeads(instructors))) return;
		if (this.#want.live || this.#want.states) await this.#sendNew();
		this.#sendNumbers();
		for (const j of joiners) {
			if (!j.listener.open || !this.#joining.includes(j)) continue;
			await this.#catchUp(j.listener, j.from);
			this.#joining = this.#joining.filter((x) => x !== j);
			if (!j.listener.open) continue;
			this.listeners.add(j.listener);
			if (j.listener.role === 'instructor') this.#instructors.add(j.listener);
		}
	}

	/**
	 * Reads where the league stands now. Without instructors' streams open, nobody waits for
	 * the entries and states between, so the hub moves past them; with some, they are read and
	 * sent. False, and every stream ended, when the league is gone.
	 */
	async #readHeads(instructors: number): Promise<boolean> {
		const heads = (await headsOf(this.db.query, [this.leagueId])).get(this.leagueId);
		if (!heads) {
			this.endAll();
			return false;
		}
		const at = this.#at;
		if (at === null) {
			this.#at = heads;
			return true;
		}
		this.#want.cards = Math.max(this.#want.cards, heads.cards);
		this.#want.league = Math.max(this.#want.league, heads.league);
		if (instructors === 0) {
			at.live = Math.max(at.live, heads.live);
			at.states = Math.max(at.states, heads.states);
		} else {
			if (heads.live > at.live) this.#want.live = true;
			if (heads.states > at.states) this.#want.states = true;
		}
		return true;
	}

	/** Sends the instructors' streams the live entries and game states wanted after the hub's cursor. */
	async #sendNew(): Promise<void> {
		const at = this.#at;
		if (!at) return;
		const send = (bytes: Uint8Array) => {
			for (const l of this.#instructors) l.send(bytes);
		};
		const { live, states } = this.#want;
		this.#want.live = false;
		this.#want.states = false;
		if (live) await sendLive(this.readLive, this.leagueId, at, ALL, send);
		if (states) await sendStates(this.db, this.leagueId, at, ALL, send);
	}

	/** Sends the card and league numbers that moved since the hub's cursor. */
	#sendNumbers(): void {
		const at = this.#at;
		if (!at) return;
		if (this.#want.cards > at.cards) {
			at.cards = this.#want.cards;
			const bytes = sseMessage('cards', { last: at.cards }, cursorText(at));
			for (const l of this.#instructors) l.send(bytes);
		}
		if (this.#want.league > at.league) {
			at.league = this.#want.league;
			const data = { seq: at.league };
			const forInstructor = sseMessage('league', data, cursorText(at));
			const forDevice = sseMessage('league', data, deviceCursor(at.league));
			for (const l of this.listeners) l.send(l.role === 'instructor' ? forInstructor : forDevice);
		}
	}

	/** Brings `listener` from `from` (nothing, when null) up to the hub's cursor. */
	async #catchUp(listener: Listener, from: Cursor | null): Promise<void> {
		const at = this.#at;
		if (!at) return;
		const send = (bytes: Uint8Array) => listener.send(bytes);
		if (listener.role === 'device') {
			if (from === null || from.league < at.league) {
				send(sseMessage('league', { seq: at.league }, deviceCursor(at.league)));
			}
			return;
		}
		const pos: Cursor = from ? { ...from } : { live: 0, states: 0, league: 0, cards: 0 };
		await sendLive(this.readLive, this.leagueId, pos, at.live, send);
		pos.live = at.live;
		await sendStates(this.db, this.leagueId, pos, at.states, send);
		pos.states = at.states;
		if (from === null || from.cards < at.cards) {
			pos.cards = at.cards;
			send(sseMessage('cards', { last: at.cards }, cursorText(pos)));
		}
		if (from === null || from.league < at.league) {
			pos.league = at.league;
			send(sseMessage('league', { seq: at.league }, cursorText(pos)));
		}
	}
}

/**
 * Sends, as `live` messages, league `leagueId`'s entries after `pos.live` up to `upTo`, one
 * message a run of one game's entries; moves `pos.live` along, so each message's id covers it.
 */
async function sendLive(
	readLive: ReadLive,
	leagueId: string,
	pos: Cursor,
	upTo: number,
	send: (bytes: Uint8Array) => void
): Promise<void> {
	for (;;) {
		const { runs, count, last } = await readLive({ leagueId, after: pos.live, upTo });
		for (const run of runs) {
			pos.live = run.last;
			send(sseMessage('live', { game: run.game, events: run.events }, cursorText(pos)));
		}
		pos.live = Math.max(pos.live, last);
		if (count < READ_PAGE) return;
	}
}

/** Sends, as `state` messages, league `leagueId`'s game states after `pos.states` up to `upTo`. */
async function sendStates(
	db: Database,
	leagueId: string,
	pos: Cursor,
	upTo: number,
	send: (bytes: Uint8Array) => void
): Promise<void> {
	for (;;) {
		const rows = await statesAfter(db.query, leagueId, pos.states, upTo);
		for (const r of rows) {
			pos.states = r.seq;
			send(
				sseMessage(
					'state',
					{ gameId: r.gameId, state: r.state, heardAt: r.heardAt },
					cursorText(pos)
				)
			);
		}
		if (rows.length < READ_PAGE) return;
	}
}
