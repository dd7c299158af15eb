/**
 * A scorecard's first game, read with IndexedDB itself as the app starts (`$lib/db/plain-read.ts`):
 * opened cold, from a phone's home screen or a reload, the board is drawn from it while Dexie's
 * code loads, and the page's live query takes over from there (`followFrom`).
 */
import { plainGame } from '$lib/db/plain-read';
import { view } from '$lib/card/game-view';
import { replayRecords } from '$lib/card/log';
import { toSetup } from '$lib/card/records';
import { pathParts } from '$lib/path-parts';
import { followQuery, type LazyQuery, type LiveObserver } from './live-query';
import { named, type LoadedGame } from './loaded-game';

/** A first read: its game (null: none could be read plainly) once it is back. */
export interface FirstRead<G extends LoadedGame = LoadedGame> {
	read: Promise<G | null>;
	/** Set when `read` resolves, so that a page made after that shows the game at once. */
	done?: { game: G | null };
}

/** The read begun for the address the app started at, until its page takes it. */
let first: (FirstRead & { id: string }) | null = null;

/** The game of the scorecard at `pathname` (`/game/<id>`), or null for any other page. */
export function scorecardOf(pathname: string): string | null {
	const parts = pathParts(pathname);
	if (!parts || parts[0] !== '' || parts[1] !== 'game' || !parts[2] || parts[2] === 'new') {
		return null;
	}
	return parts.length === 3 || (parts.length === 4 && parts[3] === '') ? parts[2] : null;
}

/** Begins reading the game of the scorecard at `pathname`, when it is one. */
export function startFirstGame(pathname: string): void {
	const id = scorecardOf(pathname);
	if (id === null) return;
	const begun: FirstRead & { id: string } = {
		id,
		read: plainGame(id)
			.then((found) => {
				if (!found) return null;
				const { record, events, players } = found;
				return named(view(record, events, replayRecords(toSetup(record), events)), players);
			})
			// A record the replay refuses: the store's own read says what is wrong.
			.catch(() => null)
			.then((game) => {
				begun.done = { game };
				return game;
			})
	};
	first = begun;
}

/**
 * The first read of game `id`, once: a later visit to the same game reads it afresh. Undefined
 * when none was begun for it.
 */
export function takeFirstGame(id: string): FirstRead | undefined {
	if (first?.id !== id) return undefined;
	const taken = first;
	first = null;
	return taken;
}

/**
 * For a `Live` (its `adopt`) of game `key`: when a first read of it was begun, the observer has
 * its game as soon as it is read, and a live query of `query(key)` follows the database from
 * there, handing on only a game that is not the `same` as the one shown. Undefined when there
 * was no first read (the `Live` starts its own query).
 */
export function followFrom<G extends LoadedGame>(
	key: string,
	query: ((key: string) => Promise<G>) | LazyQuery<string, G>,
	same: (a: G, b: G) => boolean,
	observer: LiveObserver<G>,
	first: FirstRead<G> | undefined
): { unsubscribe(): void } | undefined {
	if (!first) return undefined;
	let ended = false;
	let live: { unsubscribe(): void } | undefined;
	let shown: G | null = null;
	const follow = (found: G | null) => {
		if (ended) return;
		shown = found;
		if (found) observer.next(found);
		live = followQuery(query, key, {
			next: (game) => {
				if (shown && same(shown, game)) return;
				shown = game;
				observer.next(game);
			},
			error: (err) => observer.error(err)
		});
	};
	// Read already: shown in the page's first render (this runs as the page mounts), so the
	// board is laid out once, not after a first layout that says the game is opening.
	if (first.done) follow(first.done.game);
	else void first.read.then(follow);
	return {
		unsubscribe() {
			ended = true;
			live?.unsubscribe();
		}
	};
}
