/**
 * The instructor's busiest pages (standings, a student's page, the card list), opened first,
 * start their data's live query as the league's code is evaluated (the league's layout),
 * instead of once the router has rendered the layouts and mounted the page: the database
 * reads then overlap the router starting and the device's role being read. The page's `Live`
 * takes the query over by its key (see `$lib/state/early-live.ts`); one not taken (a group's
 * phone shows its own screen) is dropped at the next navigation.
 */
import { liveQuery } from 'dexie';
import { prepareNameOrder } from '$lib/db/roster';
import { pathParts } from '$lib/path-parts';
import { early, type EarlyLive, type LiveObserver } from '$lib/state/early-live';
import { CARDS_PER_PAGE, cardList, standingsView, studentView } from './views';

/** The early query's key of the standings of league `leagueId`. */
export const standingsKey = (leagueId: string): string => `standings\u0000${leagueId}`;

/** The early query's key of student `playerId`'s page in league `leagueId`. */
export const studentKey = (leagueId: string, playerId: string): string =>
	`student\u0000${leagueId}\u0000${playerId}`;

/** The early query's key of league `leagueId`'s card list showing `shown` cards. */
export const cardsKey = (leagueId: string, shown: number): string =>
	`cards\u0000${leagueId}\u0000${shown}`;

/** A live query running for a page that has not taken it yet; it keeps its latest result. */
class EarlyQuery implements EarlyLive {
	#latest: { value: unknown } | { error: unknown } | null = null;
	#observer: LiveObserver<unknown> | null = null;
	#subscription: { unsubscribe(): void };

	constructor(query: () => Promise<unknown>) {
		this.#subscription = liveQuery(query).subscribe({
			next: (value) => {
				this.#latest = { value };
				this.#observer?.next(value);
			},
			error: (err: unknown) => {
				this.#latest = { error: err };
				this.#observer?.error(err);
			}
		});
	}

	attach(observer: LiveObserver<unknown>): { unsubscribe(): void } {
		this.#observer = observer;
		const latest = this.#latest;
		if (latest && 'value' in latest) observer.next(latest.value);
		else if (latest) observer.error(latest.error);
		return this;
	}

	unsubscribe(): void {
		this.#observer = null;
		this.#subscription.unsubscribe();
	}
}

/** Starts the live query of the page at `pathname`, when it is one of the pages above. */
export function startPageData(pathname: string): void {
	const parts = pathParts(pathname);
	if (!parts || parts[0] !== '' || parts[1] !== 'league' || !parts[2]) return;
	const id = parts[2];
	const rest = parts.slice(3).filter((p) => p !== '');
	if (rest.length === 0) {
		early.set(standingsKey(id), new EarlyQuery(() => standingsView(id)));
		// The standings sort the roster by name once their reads are back: the collation data
		// loads now, while the reads are in flight.
		prepareNameOrder();
	} else if (rest.length === 1 && rest[0] === 'cards') {
		early.set(cardsKey(id, CARDS_PER_PAGE), new EarlyQuery(() => cardList(id, CARDS_PER_PAGE)));
	} else if (rest.length === 2 && rest[0] === 'students' && rest[1]) {
		const pid = rest[1];
		early.set(studentKey(id, pid), new EarlyQuery(() => studentView(id, pid)));
	}
}

/** Stops the early queries no page took over. */
export function dropEarly(): void {
	for (const [key, query] of early) {
		early.delete(key);
		query.unsubscribe();
	}
}
