/**
 * The streams' comment lines (a `: ping` every `pingMs`, so proxies keep them open), spread
 * over the interval rather than sent to every stream at once (issue 40). All 10,000 streams of
 * the live bench pinged in one timer's turn were 10,000 socket writes in a row: the server's
 * main thread held for 340-380 ms every 20 s (a V8 profile under the live bench, 2026-12-02
 * 04:13 UTC), the longest stall of the run, while card pushes waited behind it. Each stream
 * is put in one of `slices` rounds as it opens, in turn, and each turn of the timer pings one
 * round: every stream still gets its line once every `pingMs`, a turn writes a few dozen.
 */
import type { Listener } from './live-listener';
import { PING } from './sse';

/** How often a round is pinged at most: rounds of this many ms each fill the interval. */
export const PING_TURN_MS = 100;

export class PingRounds {
	readonly #rounds: Set<Listener>[];
	/** Each stream's round, so one that ends leaves it without a search. */
	readonly #roundOf = new Map<Listener, Set<Listener>>();
	#next = 0;
	#turn = 0;

	/** `slices` rounds (at least one). */
	constructor(slices: number) {
		this.#rounds = Array.from({ length: Math.max(1, Math.floor(slices)) }, () => new Set());
	}

	/** The rounds for streams pinged every `pingMs`: one a `PING_TURN_MS`, at least one. */
	static every(pingMs: number): PingRounds {
		return new PingRounds(pingMs / PING_TURN_MS);
	}

	/** How many rounds the interval is split into. */
	get slices(): number {
		return this.#rounds.length;
	}

	/** Puts `listener` in the next round in turn, so the rounds stay even. */
	add(listener: Listener): void {
		const round = this.#rounds[this.#next];
		if (!round || this.#roundOf.has(listener)) return;
		round.add(listener);
		this.#roundOf.set(listener, round);
		this.#next = (this.#next + 1) % this.#rounds.length;
	}

	remove(listener: Listener): void {
		this.#roundOf.get(listener)?.delete(listener);
		this.#roundOf.delete(listener);
	}

	/** Streams held. */
	get size(): number {
		return this.#roundOf.size;
	}

	/** Pings the streams of the next round; answers how many it pinged. */
	turn(): number {
		const round = this.#rounds[this.#turn] ?? new Set<Listener>();
		this.#turn = (this.#turn + 1) % this.#rounds.length;
		// A copy: a stream too far behind ends as it is pinged, and leaves its round meanwhile.
		const pinged = [...round];
		for (const l of pinged) l.send(PING);
		return pinged.length;
	}
}
