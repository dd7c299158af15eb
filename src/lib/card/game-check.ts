/**
 * The checks of one game from outside the device, with no store (issue 13): the inbox, backups,
 * invites and the school server all check a game here, so a game refused by one is refused by
 * every other for the same reason. `incoming-check.ts` checks a backup's other records, and
 * `$lib/db/incoming.ts` adds the checks that need the store.
 */
import { cardResult, cardStatus, type CardResult } from '$lib/rules/card';
import { canonicalJson } from '$lib/rules/canonical';
import { canonicalCard } from '$lib/rules/fingerprint';
import { sha256Hex } from '$lib/rules/sha256';
import { CardError } from './errors';
import { replayRecords } from './log';
import { correctionLines, mayGoPastSeal, printsOf, sealOf, withCorrections } from './seal';
import { cleanName, MAX_NAME_LENGTH } from '$lib/card/names';
import {
	toCard,
	toSetup,
	type EventRecord,
	type GameRecord,
	type SignatureRecord
} from './records';
import { counting } from './signing-order';

/** The most entries a game may bring in: a card file's limit, on every path in. */
export const MAX_EVENTS = 5000;
/** The most signatures a game may bring in, those set aside by reopenings included. */
export const MAX_SIGNATURES = 64;

/** A name short enough to quote in a message. */
export function quoted(name: string): string {
	return name.length > 24 ? `${name.slice(0, 24)}…` : name;
}

/**
 * A name from outside, cleaned by the one name rule.
 * @throws CardError `incoming-name` when nothing is left of it or it is too long
 */
export function incomingName(name: unknown): string {
	const clean = typeof name === 'string' ? cleanName(name) : '';
	if (clean === '' || clean.length > MAX_NAME_LENGTH) {
		throw new CardError('incoming-name', {
			name: quoted(typeof name === 'string' ? cleanName(name) : ''),
			max: MAX_NAME_LENGTH
		});
	}
	return clean;
}

/** A game as it arrives: its record, its whole log and its signatures. */
export interface IncomingGame {
	game: GameRecord;
	events: EventRecord[];
	signatures: SignatureRecord[];
}

/** A game checked on its way in, with what was computed from its events. */
export interface CheckedGame extends IncomingGame {
	/** The fingerprint of the card as its events are (not the one it claims). */
	print: string;
	/** The exact text `print` was taken over (`canonicalCard`), for the store's upkeep. */
	text: string;
	/** The rules accept every one of its events. */
	playable: boolean;
	/** Its events finish the game. */
	over: boolean;
}

/**
 * Checks one game from outside and derives what the standings count from its signed events:
 * the log is one game's, in order, within the limits; signers' names follow the name rule;
 * `result` is recomputed from the events whenever the card is locked to a fingerprint, never
 * taken from the file (a forged result counts nowhere); a card changed after signing is kept
 * out of the standings by its verdict.
 * @throws CardError `incoming-too-big`, `incoming-damaged`, `incoming-name`
 */
export async function checkGame(
	incoming: IncomingGame,
	opts: { sealedBySignatures?: boolean; damaged?: (detail: string) => CardError } = {}
): Promise<CheckedGame> {
	const damaged = opts.damaged ?? ((detail) => new CardError('incoming-damaged', { detail }));
	const { game } = incoming;
	if (incoming.events.length > MAX_EVENTS) {
		throw new CardError('incoming-too-big', { max: MAX_EVENTS });
	}
	if (incoming.signatures.length > MAX_SIGNATURES) {
		throw damaged('too many signatures');
	}
	const events = [...incoming.events].sort((a, b) => a.seq - b.seq);
	if (events.some((e, i) => e.gameId !== game.id || e.seq !== i + 1)) {
		throw damaged('its entries are not one game’s log');
	}
	if (incoming.signatures.some((s) => s.gameId !== game.id)) {
		throw damaged('a signature is of another game');
	}
	const signatures = incoming.signatures.map((s) => ({ ...s, name: incomingName(s.name) }));
	const replayed = replayRecords(toSetup(game), events);
	const { state, refused } = replayed;
	const text = canonicalCard(toCard(game, events));
	const print = sha256Hex(text);
	const latest = [...counting(signatures).values()];
	// A card turned in is sealed by its signatures: the lock is set on the device receiving it.
	const sealed = opts.sealedBySignatures === true;
	const lastSigned =
		latest
			.map((s) => s.signedAt)
			.sort()
			.at(-1) ?? null;
	const signedAt = game.signedAt ?? (sealed ? lastSigned : null);
	// A card locked to a fingerprint gets its result from its events as they are now; whether
	// it still matches what was signed is the kept verdict's to say (`verdicts.ts`), which the
	// standings read: a card changed after signing is listed as such, and never counts.
	const status = cardStatus({
		players: game.seats,
		signatures: latest.map((s) => ({ player: s.playerId, fingerprint: s.fingerprint })),
		locked: game.fingerprint ?? (sealed ? print : null),
		current: print
	});
	const locked = status === 'signed' || status === 'changed-after-signing';
	const counts = locked && signedAt !== null;
	return {
		game: {
			...game,
			result: counts ? resultOfEvents({ ...game, signedAt }, events, replayed, print) : null
		},
		events,
		signatures,
		print,
		text,
		playable: refused.length === 0,
		over: state.over
	};
}

/**
 * What a locked card adds to the standings, derived from its events as they are (never from a
 * stored `result`, which the fingerprint does not cover); null when they do not finish the game
 * or the rules refuse one of them. The same on every path in: files, backups, the upgrades.
 */
export function resultOfEvents(
	game: GameRecord,
	events: readonly EventRecord[],
	{ state, refused } = replayRecords(toSetup(game), events),
	whole?: string
): CardResult | null {
	if (!state.over || refused.length > 0) return null;
	const lastAt = events.at(-1)?.at ?? game.createdAt;
	const result = cardResult(state, game.finishedAt ?? game.signedAt ?? lastAt);
	// Only a log that ends with a correction can go past its players' seal (RULES.md §7).
	if (game.fingerprint === null || !mayGoPastSeal(events.at(-1))) return result;
	const seal = sealOf(game, events, printsOf(game), whole);
	const corrected = seal && seal.corrections.length > 0 && correctionLines(game, events, seal);
	return corrected ? withCorrections(result, corrected.lines) : result;
}

/**
 * What a card's play is, whatever it was saved as: its players and its entries in order, with
 * no id and no time. Two cards with the same content are the same game played once: a copy
 * saved under a new game id, its entries renamed or their times moved (by a millisecond is
 * enough to change a fingerprint), its fingerprint recomputed and its signatures typed again,
 * is still the same play (issue 37). An undo names the entry it takes back by its place in
 * the log, as its id may be renamed.
 */
export function contentOf(game: GameRecord, events: readonly EventRecord[]): string {
	const place = new Map(events.map((e, i) => [e.event.id, i]));
	return sha256Hex(
		canonicalJson({
			players: game.seats,
			events: events.map(({ event }) => {
				const body = Object.fromEntries(Object.entries(event).filter(([k]) => k !== 'id'));
				return event.type === 'void' ? { ...body, target: place.get(event.target) ?? -1 } : body;
			})
		})
	);
}
