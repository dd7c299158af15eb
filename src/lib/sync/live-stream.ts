/**
 * A device listens to each of its leagues on the school server (issue 40): one stream of
 * Server-Sent Events per league, read with `fetch` (it sends the token, and `Last-Event-ID` to
 * resume where it stopped). On the instructor's device live entries and the phones' states go
 * to memory (`live-heard.ts`, `game-states.ts`); cards arriving or the league changing wake a
 * sync round at once, so a card reaches the standings in seconds with no polling wait. A stream
 * that drops is opened again after a growing pause; one that cannot be held (twice in a row, or
 * a server from before streams) leaves the device asking the server every round instead
 * (`live-ask.ts`), and it tries the stream again now and then. A group phone holds its league's
 * stream too, which says only that the league changed (groups handed out, standings shared): it
 * pulls the league at once instead of at its next poll.
 */
import * as v from 'valibot';
import { currentFetch } from './api';
import { heard } from './game-states';
import { hear, liveLinks, setLink } from './live-heard';
import type { ServerLink } from './links';
import { SseParser, type SseItem } from './sse';

/** What the stream needs from the sync around it. */
export interface StreamHooks {
	/** Cards arrived or the league changed: run a sync round now. */
	wake: () => void;
}

/** How long the stream waits between tries; tests make them short. */
export interface StreamTimes {
	/** The pause before the `n`th try again in a row (from 1). */
	backoff: (n: number) => number;
	/** While asking instead, the pause before trying the stream again. */
	retryStream: number;
	/** No byte for this long (the server pings every 20 s): the connection is gone. */
	silence: number;
}

const TIMES: StreamTimes = {
	backoff: (n) => Math.min(30_000, 1000 * 2 ** (n - 1)),
	retryStream: 60_000,
	silence: 45_000
};

/** Failures in a row after which the device asks instead. */
const FAILURES_TO_ASK = 2;

/** What one try of the stream came to. */
type Outcome = 'heard' | 'failed' | 'no-stream' | 'stopped';

const StateSchema = v.object({
	gameId: v.string(),
	state: v.picklist(['joined', 'playing', 'finished']),
	heardAt: v.string()
});

/** One league's stream. */
export class LiveStream {
	readonly #link: ServerLink;
	readonly #hooks: StreamHooks;
	readonly #times: StreamTimes;
	#abort: AbortController | null = null;
	#stopped = false;
	#lastId = '';
	#failures = 0;
	#wake: (() => void) | null = null;

	constructor(link: ServerLink, hooks: StreamHooks, times: StreamTimes = TIMES) {
		this.#link = link;
		this.#hooks = hooks;
		this.#times = times;
	}

	/** The token it listens with: a league connected again gets a new stream. */
	get token(): string {
		return this.#link.token;
	}

	/** The cursor a new connection resumes from ('' on the first). */
	get lastId(): string {
		return this.#lastId;
	}

	/** Holds the stream until `stop`. */
	start(): void {
		setLink(this.#link.leagueId, 'connecting');
		void this.#run();
	}

	/** Closes the stream for good. */
	stop(): void {
		this.#stopped = true;
		this.#abort?.abort();
		this.#wake?.();
	}

	/** Tries the stream again now (the network came back). */
	retryNow(): void {
		this.#wake?.();
	}

	async #run(): Promise<void> {
		while (!this.#stopped) {
			const outcome = await this.#once();
			if (outcome === 'stopped' || this.#stopped) return;
			this.#failures = outcome === 'heard' ? 0 : this.#failures + 1;
			const asking = outcome === 'no-stream' || this.#failures >= FAILURES_TO_ASK;
			setLink(this.#link.leagueId, asking ? 'asking' : 'lost');
			await this.#pause(
				asking ? this.#times.retryStream : this.#times.backoff(Math.max(1, this.#failures))
			);
		}
	}

	#pause(ms: number): Promise<void> {
		return new Promise((done) => {
			const timer = setTimeout(finish, ms);
			function finish() {
				clearTimeout(timer);
				done();
			}
			this.#wake = () => {
				this.#wake = null;
				finish();
			};
		});
	}

	/** One connection, read until it ends. */
	async #once(): Promise<Outcome> {
		const abort = new AbortController();
		this.#abort = abort;
		const { address, leagueId, token } = this.#link;
		const headers: Record<string, string> = {
			accept: 'text/event-stream',
			authorization: `Bearer ${token}`
		};
		if (this.#lastId !== '') headers['last-event-id'] = this.#lastId;
		// Held only once something came through: a proxy that answers and then passes nothing on
		// (not even the pings) is a stream that cannot be held.
		let heardSome = false;
		let silence: ReturnType<typeof setTimeout> | null = null;
		const watch = () => {
			if (silence) clearTimeout(silence);
			silence = setTimeout(() => abort.abort(), this.#times.silence);
		};
		try {
			watch();
			const res = await currentFetch()(`${address}/api/leagues/${leagueId}/stream`, {
				headers,
				cache: 'no-store',
				signal: abort.signal
			});
			// A server from before streams: ask instead.
			if (res.status === 404) return 'no-stream';
			if (!res.ok || !res.body) return 'failed';
			setLink(leagueId, 'live', true);
			const parser = new SseParser();
			const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
			for (;;) {
				const { done, value } = await reader.read();
				if (done) break;
				watch();
				for (const item of parser.feed(value)) {
					heardSome = true;
					this.#take(item);
				}
				if (parser.lastId !== '') this.#lastId = parser.lastId;
			}
			return heardSome ? 'heard' : 'failed';
		} catch {
			if (this.#stopped) return 'stopped';
			return heardSome ? 'heard' : 'failed';
		} finally {
			if (silence) clearTimeout(silence);
			abort.abort();
		}
	}

	#take(item: SseItem): void {
		setLink(this.#link.leagueId, 'live', true);
		if (item.type === 'comment') return;
		let data: unknown;
		try {
			data = JSON.parse(item.data);
		} catch {
			return; // not the server's: nothing to take
		}
		if (item.event === 'live') hear(data);
		else if (item.event === 'state') {
			const read = v.safeParse(StateSchema, data);
			if (read.success) {
				const { gameId, state, heardAt } = read.output;
				heard.set(gameId, { state, heardAt });
			}
		} else if (item.event === 'cards' || item.event === 'league') this.#hooks.wake();
	}
}

/** A stream for each league this device syncs (as the instructor, or as a group's phone). */
export class LiveStreams {
	readonly #hooks: StreamHooks;
	readonly #held = new Map<string, LiveStream>();

	constructor(hooks: StreamHooks) {
		this.#hooks = hooks;
	}

	/** Holds a stream for each league of `active`, and closes the others. */
	follow(active: readonly ServerLink[]): void {
		const wanted = new Map(active.filter((l) => !l.revoked).map((l) => [l.leagueId, l] as const));
		for (const [leagueId, stream] of this.#held) {
			if (wanted.get(leagueId)?.token === stream.token) continue;
			stream.stop();
			this.#held.delete(leagueId);
			liveLinks.delete(leagueId);
		}
		for (const [leagueId, link] of wanted) {
			if (this.#held.has(leagueId)) continue;
			const stream = new LiveStream(link, this.#hooks);
			this.#held.set(leagueId, stream);
			stream.start();
		}
	}

	/** Whether league `leagueId`'s stream brings its news now, so a round need not ask. */
	streaming(leagueId: string): boolean {
		const mode = liveLinks.get(leagueId)?.mode;
		return mode === 'live' || mode === 'connecting';
	}

	/** Tries every stream not held again now (the network came back). */
	retryNow(): void {
		for (const stream of this.#held.values()) stream.retryNow();
	}
}
