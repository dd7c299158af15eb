/**
 * Whether a card counts in its league's standings, what it contributes to them, and where that
 * contribution is kept (schema version 6, issue 8). Pure: no database, so the upgrade, the
 * upkeep middleware (`db/upkeep.ts`) and the tests all derive contributions the same
 * way, from game records alone.
 *
 * The standings of a league read its contributions, never its game records: a game record
 * carries its whole signed result, seats and options, and reading 54,000 of them took 1.7 s in
 * Chromium. A contribution holds only what the standings use.
 *
 * Why pages rather than one record per card: IndexedDB charges for every record it hands back
 * (about 7 µs each in Chromium on the benchmark machine, before anything is parsed), so 54,000
 * one-card records still took 0.8 s to read and date. A league's contributions are spread over
 * `PAGES` pages, a card's page chosen by a hash of its id: the whole league comes back in at
 * most `PAGES` records, and a card signed, reopened or voided rewrites the one page that holds
 * it (a few cards in a class's league). Each page keeps its cards as JSON text, which
 * `JSON.parse` turns back into objects faster than IndexedDB's own copy does: 54,000 cards read
 * and dated in about 0.3 s, against 0.5 s as stored objects.
 */
import { lockedWithResult } from './locked';
import type { GameRecord, ContributionPageRecord, ContributionRecord } from './records';

export { lockedWithResult };

/** How many pages a league's contributions are spread over. */
export const PAGES = 128;

/** The primary key of a page: `[leagueId, page]`. */
export type PageKey = [leagueId: string, page: number];

/**
 * Whether `game` counts in its league's standings: a league game that every player signed
 * (locked with its fingerprint and signed result), that the instructor has not voided, and
 * whose stored events still match what was signed. This is the single place that decides.
 * @param changed the sign-off's check found the card changed after signing
 * (`cards.changedAfterSigning`); false while it has not been checked
 */
export function countsInStandings(game: GameRecord, changed = false): boolean {
	return game.leagueId !== null && lockedWithResult(game) && game.voidedAt === null && !changed;
}

/**
 * What `game` contributes to its league's standings, or null when it does not count. The
 * "changed after signing" check is left to the reader: it needs the events hashed.
 */
export function contributionOf(game: GameRecord): ContributionRecord | null {
	if (!countsInStandings(game) || !game.result) return null;
	const { result } = game;
	return {
		gameId: game.id,
		sessionId: game.sessionId ?? null,
		endedAt: result.finishedAt || game.finishedAt || game.createdAt,
		sides: result.sides.map((s) => ({ label: s.label, players: [...s.players], total: s.total })),
		winners: [...result.winners],
		...(result.corrections ? { corrections: result.corrections.map((c) => ({ ...c })) } : {})
	};
}

/** The page of a league that holds game `gameId`'s contribution: FNV-1a of the id. */
export function pageOf(gameId: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < gameId.length; i++) {
		hash = Math.imul(hash ^ gameId.charCodeAt(i), 0x01000193);
	}
	return (hash >>> 0) % PAGES;
}

/** Where `game`'s contribution is kept, with it; null when it does not count. */
function placed(game: GameRecord | undefined): { key: PageKey; card: ContributionRecord } | null {
	const card = game && contributionOf(game);
	if (!game || !card || game.leagueId === null) return null;
	return { key: [game.leagueId, pageOf(game.id)], card };
}

/** A write to one game, as its contribution sees it. */
export interface Change {
	gameId: string;
	/** Where its contribution was kept before the write; null when it did not count. */
	was: PageKey | null;
	/** Its contribution after the write and where it goes; null when it does not count. */
	now: { key: PageKey; card: ContributionRecord } | null;
}

/**
 * The change to game `gameId`'s contribution when its record goes from `before` to `after`
 * (either undefined: added, deleted); null when it counts neither before nor after.
 */
export function changeOf(
	gameId: string,
	before: GameRecord | undefined,
	after: GameRecord | undefined
): Change | null {
	const was = placed(before)?.key ?? null;
	const now = placed(after);
	return was === null && now === null ? null : { gameId, was, now };
}

function keyText([leagueId, page]: PageKey): string {
	return `${page}:${leagueId}`;
}

/** The pages `changes` read or write, each once. */
export function pagesTouched(changes: readonly Change[]): PageKey[] {
	const keys = new Map<string, PageKey>();
	for (const { was, now } of changes) {
		for (const key of [was, now?.key]) if (key) keys.set(keyText(key), key);
	}
	return [...keys.values()];
}

/**
 * The pages after `changes`: each game's contribution taken out of the page it was on and put
 * on the page it now belongs to. `held` are the touched pages as stored (missing ones absent).
 * Gives the pages to store and the keys of pages left empty, to delete.
 */
export function editPages(
	held: readonly ContributionPageRecord[],
	changes: readonly Change[]
): { put: ContributionPageRecord[]; emptied: PageKey[] } {
	const pages = new Map<string, { key: PageKey; cards: Map<string, ContributionRecord> }>();
	const page = (key: PageKey) => {
		const text = keyText(key);
		let found = pages.get(text);
		if (!found) pages.set(text, (found = { key, cards: new Map() }));
		return found;
	};
	for (const p of held) {
		const cards = page([p.leagueId, p.page]).cards;
		for (const card of readPage(p)) cards.set(card.gameId, card);
	}
	for (const { gameId, was, now } of changes) {
		if (was) page(was).cards.delete(gameId);
		if (now) page(now.key).cards.set(gameId, now.card);
	}
	const put: ContributionPageRecord[] = [];
	const emptied: PageKey[] = [];
	for (const { key, cards } of pages.values()) {
		const text = JSON.stringify([...cards.values()]);
		if (cards.size > 0) put.push({ leagueId: key[0], page: key[1], cards: text });
		else emptied.push(key);
	}
	return { put, emptied };
}

/** The cards on a stored page. */
export function readPage(page: ContributionPageRecord): ContributionRecord[] {
	return JSON.parse(page.cards) as ContributionRecord[];
}

/** Every page the contributions of `games` fill, from nothing (the version 6 upgrade). */
export function pagesOf(games: readonly GameRecord[]): ContributionPageRecord[] {
	const pages = new PagesFilled();
	for (const game of games) pages.add(game);
	return pages.pages();
}

/**
 * The pages a store's games fill, from nothing, the games given one at a time: a restore onto
 * an empty device works out a whole school's at its end (`db/rebuild.ts`). Each card is kept
 * as its JSON text only, which takes a fraction of the room of its objects (issue 39: 54,000
 * cards held as changes were most of that step's peak heap); a page is those texts joined, as
 * `editPages` writes it.
 */
export class PagesFilled {
	#pages = new Map<string, { key: PageKey; cards: string[] }>();

	/** Adds `game`'s contribution to its page, if it counts. */
	add(game: GameRecord): void {
		const at = placed(game);
		if (!at) return;
		const text = keyText(at.key);
		let page = this.#pages.get(text);
		if (!page) this.#pages.set(text, (page = { key: at.key, cards: [] }));
		page.cards.push(JSON.stringify(at.card));
	}

	/** The pages filled. */
	pages(): ContributionPageRecord[] {
		return [...this.#pages.values()].map(({ key: [leagueId, page], cards }) => ({
			leagueId,
			page,
			cards: `[${cards.join(',')}]`
		}));
	}
}
