/**
 * Every league's hub in this process (issue 40), the streams they hold, and the two slow timers
 * they share: a comment to every stream every 20 s, so proxies keep it open (spread over the
 * 20 s, live-pings.ts), and a check every
 * 2 s of the leagues with open streams, one statement for all of them, which catches what other
 * server processes wrote (several processes on one PostgreSQL database). A process holds at most
 * `maxStreams` streams; past that a new one is refused with 503 `server-busy`.
 */
import type { Logger } from 'pino';
import type { Caller } from './caller';
import type { Database } from './db';
import { ApiError } from './errors';
import type { Cursor } from './live-cursor';
import { LeagueHub, type Change, type ReadLive } from './live-hub';
import { Listener, webSink, type Sink } from './live-listener';
import { batched } from './batched';
import { headsOf, liveAfterMany } from './live-reads';
import { PingRounds } from './live-pings';

/** The streams one process holds at most, by default (MAX_STREAMS). */
export const MAX_STREAMS = 20_000;

export interface LiveOptions {
	maxStreams?: number;
	/** How often every stream gets a comment line. */
	pingMs?: number;
	/** How often the leagues with open streams are read for other processes' writes. */
	checkMs?: number;
}

export class LiveHubs {
	readonly #hubs = new Map<string, LeagueHub>();
	readonly #maxStreams: number;
	readonly #pingMs: number;
	readonly #checkMs: number;
	#open = 0;
	/** Every stream of the process, in the rounds its comment lines go out in. */
	readonly #pings: PingRounds;
	#timers: NodeJS.Timeout[] = [];
	#checking = false;
	#closed = false;
	/**
	 * The hubs' reads of live entries, those asked together made in one statement (batched.ts
	 * says why): every live message pokes its league's hub, which reads what is new, one round
	 * trip a message before.
	 */
	readonly #readLive: ReadLive;

	constructor(
		private readonly db: Database,
		private readonly log: Logger,
		opts: LiveOptions = {}
	) {
		this.#maxStreams = opts.maxStreams ?? MAX_STREAMS;
		this.#pingMs = opts.pingMs ?? 20_000;
		this.#checkMs = opts.checkMs ?? 2_000;
		this.#pings = PingRounds.every(this.#pingMs);
		this.#readLive = batched((asks) => liveAfterMany(db.query, asks));
	}

	/** Streams open in this process. */
	get open(): number {
		return this.#open;
	}

	/** League `leagueId`'s hub, when it has streams open here. */
	hub(leagueId: string): LeagueHub | undefined {
		return this.#hubs.get(leagueId);
	}

	/** A write of this process changed league `leagueId` (after its commit). */
	poke(leagueId: string, change: Change): void {
		this.#hubs.get(leagueId)?.poke(change);
	}

	/**
	 * A new stream of `caller`'s league, sent what follows `from` (everything still held when
	 * null), into `sink`: a web stream's, or Node's answer (`nodeSink`), whose going the caller
	 * reports with the listener's `gone`.
	 * @throws ApiError 503 `server-busy` when this process holds its most streams
	 */
	listen(caller: Caller, from: Cursor | null, sink: Sink): Listener {
		const listener = this.#listener(caller);
		listener.attach(sink);
		this.#pings.add(listener);
		this.#hubs.get(caller.leagueId)?.join(listener, from);
		return listener;
	}

	/** A new stream as a web stream, for an answer made in process (the tests'). */
	stream(caller: Caller, from: Cursor | null): ReadableStream<Uint8Array> {
		const listener = this.#listener(caller);
		const hub = this.#hubs.get(caller.leagueId);
		const pings = this.#pings;
		return new ReadableStream<Uint8Array>({
			start(controller) {
				listener.attach(webSink(controller));
				pings.add(listener);
				hub?.join(listener, from);
			},
			cancel() {
				listener.gone();
			}
		});
	}

	/** A listener of `caller`'s league, counted, its hub made if need be. */
	#listener(caller: Caller): Listener {
		if (this.#closed || this.#open >= this.#maxStreams) {
			throw new ApiError(503, 'server-busy', {}, {}, 5);
		}
		const { leagueId } = caller;
		let hub = this.#hubs.get(leagueId);
		if (!hub) {
			hub = new LeagueHub(leagueId, this.db, this.log, this.#readLive);
			this.#hubs.set(leagueId, hub);
			this.#startTimers();
		}
		const theHub = hub;
		this.#open++;
		return new Listener(caller.role, caller.deviceId, (l) => {
			this.#open--;
			this.#pings.remove(l);
			theHub.leave(l);
			if (theHub.size === 0 && this.#hubs.get(leagueId) === theHub) this.#hubs.delete(leagueId);
			if (this.#hubs.size === 0) this.#stopTimers();
		});
	}

	/** Ends the streams of phone `deviceId` (removed from its league). */
	endDevice(leagueId: string, deviceId: string): void {
		const hub = this.#hubs.get(leagueId);
		for (const l of [...(hub?.listeners ?? [])]) if (l.deviceId === deviceId) l.end();
	}

	/** Ends every stream and stops the timers: the server is stopping. */
	close(): void {
		this.#closed = true;
		for (const hub of [...this.#hubs.values()]) hub.endAll();
		this.#hubs.clear();
		this.#stopTimers();
	}

	#startTimers(): void {
		if (this.#timers.length > 0) return;
		const ping = setInterval(() => this.#pings.turn(), this.#pingMs / this.#pings.slices);
		const check = setInterval(() => void this.check(), this.#checkMs);
		// The timers never hold the process open: a server stopping ends the streams first.
		ping.unref();
		check.unref();
		this.#timers = [ping, check];
	}

	#stopTimers(): void {
		for (const t of this.#timers) clearInterval(t);
		this.#timers = [];
	}

	/**
	 * Reads where every league with open streams stands, in one statement, and pokes the hubs
	 * that are behind: what another process wrote reaches this process's streams.
	 */
	async check(): Promise<void> {
		if (this.#checking || this.#hubs.size === 0) return;
		this.#checking = true;
		try {
			// Only the leagues asked about: a hub made while the statement was on its way is not in
			// its answer, and was taken for a league gone, its streams ended as they opened (the
			// live bench's 240-552 entries never heard, a whole league's each, 2026-12-02).
			const asked = [...this.#hubs.keys()];
			const heads = await headsOf(this.db.query, asked);
			for (const leagueId of asked) {
				const hub = this.#hubs.get(leagueId);
				if (!hub) continue;
				const now = heads.get(leagueId);
				const at = hub.at;
				if (!now) {
					hub.endAll();
					continue;
				}
				// Its first read failed (the database was away): it tries again.
				if (!at) {
					hub.poke({});
					continue;
				}
				hub.poke({
					live: now.live > at.live,
					states: now.states > at.states,
					cards: now.cards,
					league: now.league
				});
			}
		} catch (e) {
			this.log.warn({ err: e }, 'the live streams could not check the database');
		} finally {
			this.#checking = false;
		}
	}
}
