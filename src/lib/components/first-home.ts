/**
 * Home's first lists, read with IndexedDB itself as the app starts (`$lib/db/plain-read.ts`),
 * as a scorecard's game is (`$lib/state/first-game.ts`): opened cold, Home lists the games
 * while Dexie's code loads, and its live queries take over from there. Why: Home's lists
 * waited for Dexie and the store's modules (a chunk of 227 KB), and at 4× CPU slowdown its
 * cold start took several times its floor (docs/speed.md).
 */
import { replayRecords } from '$lib/card/log';
import { toSetup } from '$lib/card/records';
import { plainHome, type PlainGame } from '$lib/db/plain-read';
import { asksWhoUsesDevice } from '$lib/roles/rules';
import { followQuery, type LazyQuery, type LiveObserver } from '$lib/state/live-query';
import { FINISHED_LISTED, gameRow, type GameRow } from './game-rows';

/** Home's lists as its live queries give them. */
export interface HomeLists {
	active: GameRow[];
	finished: { rows: GameRow[]; more: boolean };
	/** Whether Home asks who is using this device (`db/first-start.ts` asksAtStart). */
	asks: boolean;
}

/** A first read of Home's lists: null when they could not be read plainly. */
export interface FirstHome {
	read: Promise<HomeLists | null>;
}

/** The read begun as the app started at Home, until Home takes it. */
let first: FirstHome | null = null;

/** The rows of `games`, each replayed; a game its rules refuse is left out, as the store's are. */
function rowsOf(games: readonly PlainGame[]): GameRow[] {
	return games.flatMap(({ record, events, players }) => {
		try {
			return [gameRow(record, replayRecords(toSetup(record), events).state, players)];
		} catch {
			return [];
		}
	});
}

/**
 * Begins reading Home's lists, when the app starts at Home (`pathname` is `/`); `preload` is
 * called once they are read and Home will show them, to ask for the list's code then rather
 * than once Home has mounted.
 */
export function startFirstHome(pathname: string, preload: () => void): void {
	if (pathname !== '/') return;
	first = {
		read: plainHome(FINISHED_LISTED)
			.then((found) =>
				found
					? {
							active: rowsOf(found.active),
							finished: { rows: rowsOf(found.finished), more: found.more },
							asks: asksWhoUsesDevice(found.device)
						}
					: null
			)
			.catch(() => null)
			.then((lists) => {
				if (lists && !lists.asks) preload();
				return lists;
			})
	};
}

/** The first read of Home's lists, once: Home opened again reads afresh. */
export function takeFirstHome(): FirstHome | undefined {
	const taken = first;
	first = null;
	return taken ?? undefined;
}

/**
 * For a `Live` (its `adopt`) of one of Home's lists: `pick` of the first read's lists at once,
 * then a live query of `query` from there. Undefined when no
 * first read gave lists (the `Live` starts its own query).
 */
export function followFirstHome<T>(
	lists: HomeLists | null | undefined,
	pick: (lists: HomeLists) => T,
	query: LazyQuery<void, T>,
	observer: LiveObserver<T>
): { unsubscribe(): void } | undefined {
	if (!lists) return undefined;
	observer.next(pick(lists));
	return followQuery(query, undefined, observer);
}
