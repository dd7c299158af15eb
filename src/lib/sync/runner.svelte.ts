/**
 * The background sync: while this device has leagues on the school server, a round every few
 * seconds (pushes, pulls), sooner when the network comes back, backing off after failures.
 * It never runs inside a tap: the app's writes are done and shown before any network call.
 * A round while nothing changed is cheap: the instructor's pull is one empty page after the last
 * card, a phone's league poll one 304. It pauses while the tab is hidden and runs again as soon
 * as it shows. On the instructor's device a watch per league keeps the shared standings as last
 * worked out (only when their cards or settings change); a change the phones have not seen
 * brings the next round forward.
 *
 * Live games (issue 40): a phone sends a league game's new entries shortly after each is stored
 * (`entry-stored.ts`), outside the tap, and again every round and when the network returns. Each
 * device holds a stream of each league (`live-stream.ts`) that wakes a round as soon as cards
 * arrive or the league changes; while none can be held, the instructor's rounds ask instead.
 */
import { messageFor } from '$lib/messages';
import { onEntryStored } from './entry-stored';
import { reportGames } from './game-states';
import { sendLive } from './live-send';
import { LiveStreams } from './live-stream';
import { links } from './links';
import { StandingsWatches } from './standings';
import { syncLink } from './sync';

/** Seconds between rounds while all is well: cards arrive on the projector within this. */
const ROUND_MS = 3000;
const BACKOFF_MAX_MS = 60_000;

/** What the screens show of the sync. */
export const syncStatus = $state({
	/** When a round last completed. */
	lastSyncedAt: null as string | null,
	/** Why the last round failed, in words; null when it did not. */
	problem: null as string | null,
	/** Failed rounds in a row (the backoff grows with them). */
	failures: 0
});

/** The instructor's leagues' shared standings, worked out again only when they change. */
const watched = new StandingsWatches(() => {
	// They changed (or a watch just started): push now rather than at the next round; the
	// round pushes nothing when the phones already show the same.
	if (!running) schedule(0);
});

let timer: ReturnType<typeof setTimeout> | null = null;
let running = false;
/** A round was asked for while one ran: the next starts as soon as it ends. */
let again = false;
let started = false;

function schedule(ms: number): void {
	if (timer) clearTimeout(timer);
	timer = setTimeout(() => void round(), ms);
}

/** A round now, or right after the one running (cards arrived, the league changed). */
function wake(): void {
	if (running) again = true;
	else schedule(0);
}

/** The streams of this device's leagues. */
const streams = new LiveStreams({ wake });

let sending: Promise<void> | null = null;
let sendAgain = false;

/**
 * A phone: tells where its games stand and sends their new entries, now (an entry was just
 * stored). One send at a time; one asked for meanwhile follows it. A failure waits for the
 * next round, which says what went wrong.
 */
function sendNow(): void {
	if (sending) {
		sendAgain = true;
		return;
	}
	sending = (async () => {
		do {
			sendAgain = false;
			try {
				for (const link of await links()) {
					if (link.role !== 'device' || link.revoked) continue;
					await reportGames(link);
					await sendLive(link);
				}
			} catch {
				// Kept on the phone: the next round sends it and shows why it could not.
			}
		} while (sendAgain);
	})().finally(() => (sending = null));
}

/** Whether the app is out of sight (another tab, a locked phone): no round then. */
function hidden(): boolean {
	return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

async function round(): Promise<void> {
	if (running) return;
	if (hidden()) {
		// Paused: `visibilitychange` starts the next round.
		timer = null;
		return;
	}
	running = true;
	try {
		const active = (await links()).filter((l) => !l.revoked);
		watched.follow(active);
		streams.follow(active);
		if (active.length === 0) return;
		for (const link of active) {
			await syncLink(link, {
				standings: watched.latest(link.leagueId),
				streaming: streams.streaming(link.leagueId)
			});
		}
		syncStatus.lastSyncedAt = new Date().toISOString();
		syncStatus.problem = null;
		syncStatus.failures = 0;
	} catch (e) {
		syncStatus.problem = messageFor(e);
		syncStatus.failures++;
	} finally {
		running = false;
		const backoff = Math.min(BACKOFF_MAX_MS, ROUND_MS * 2 ** syncStatus.failures);
		schedule(again ? 0 : syncStatus.failures === 0 ? ROUND_MS : backoff);
		again = false;
	}
}

/** Starts the background sync (once), with a round now. */
export function startSync(): void {
	if (typeof window === 'undefined') return;
	if (!started) {
		started = true;
		window.addEventListener('online', () => {
			syncStatus.failures = 0;
			schedule(0);
			sendNow();
			streams.retryNow();
		});
		onEntryStored(sendNow);
		document.addEventListener('visibilitychange', () => {
			if (!hidden()) schedule(0);
		});
	}
	schedule(0);
}
