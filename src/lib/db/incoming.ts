/**
 * The one way in for records from outside the device: card files and QR codes (`inbox.ts`),
 * backups restored or merged (`transfer.ts`) and league invites (`invites.ts`). Each path
 * hands its records here one by one before it writes anything, so they all obey the same
 * rules (issue 13):
 * - names follow the one name rule (`players.cleanName`, at most `MAX_NAME_LENGTH`);
 * - a game has at most `MAX_EVENTS` entries and `MAX_SIGNATURES` signatures, as a card file;
 * - what the standings count (`game.result`) is derived here from the signed events, never
 *   taken from the file: a result that the fingerprint does not cover could name any winner;
 * - an id from outside never takes over a record of the device it does not belong to
 *   (`assertOwnIds`, inside the writer's transaction).
 * Everything is checked before the first write: a refused record changes nothing.
 */
import { bare } from '$lib/rules/bare';
import { cardResult, cardStatus } from '$lib/rules/card';
import { canonicalJson } from '$lib/rules/canonical';
import { fingerprint, sha256Hex } from '$lib/rules/fingerprint';
import { db } from './db';
import { DbError } from './errors';
import { replayRecords } from './log';
import { MAX_LEAGUE_NAME } from './leagues';
import { cleanName, MAX_NAME_LENGTH, nameKey } from './players';
import {
	toCard,
	toSetup,
	type EventRecord,
	type GameRecord,
	type InboxRecord,
	type SignatureRecord
} from './records';
import { counting } from './signatures';
import type { StoreDump } from './transfer';

/** The most entries a game may bring in: a card file's limit, on every path in. */
export const MAX_EVENTS = 5000;
/** The most signatures a game may bring in, those set aside by reopenings included. */
export const MAX_SIGNATURES = 64;

/** A name short enough to quote in a message. */
function quoted(name: string): string {
	return name.length > 24 ? `${name.slice(0, 24)}…` : name;
}

/**
 * A name from outside, cleaned by the one name rule.
 * @throws DbError `incoming-name` when nothing is left of it or it is too long
 */
export function incomingName(name: unknown): string {
	const clean = typeof name === 'string' ? cleanName(name) : '';
	if (clean === '' || clean.length > MAX_NAME_LENGTH) {
		throw new DbError('incoming-name', {
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
	/** The rules accept every one of its events. */
	playable: boolean;
	/** Its events finish the game. */
	over: boolean;
}

/**
 * Checks one game from outside and derives what the standings count from its signed events:
 * the log is one game's, in order, within the limits; signers' names follow the name rule;
 * `result` is recomputed when every player signed the card as its events are now, else null
 * (so a card changed after signing, or a forged result, counts nowhere).
 * @throws DbError `incoming-too-big`, `incoming-damaged`, `incoming-name`
 */
export async function checkGame(
	incoming: IncomingGame,
	opts: { sealedBySignatures?: boolean } = {}
): Promise<CheckedGame> {
	const { game } = incoming;
	if (incoming.events.length > MAX_EVENTS) {
		throw new DbError('incoming-too-big', { max: MAX_EVENTS });
	}
	if (incoming.signatures.length > MAX_SIGNATURES) {
		throw new DbError('incoming-damaged', { detail: 'too many signatures' });
	}
	const events = [...incoming.events].sort((a, b) => a.seq - b.seq);
	if (events.some((e, i) => e.gameId !== game.id || e.seq !== i + 1)) {
		throw new DbError('incoming-damaged', { detail: 'its entries are not one game’s log' });
	}
	if (incoming.signatures.some((s) => s.gameId !== game.id)) {
		throw new DbError('incoming-damaged', { detail: 'a signature is of another game' });
	}
	const signatures = incoming.signatures.map((s) => ({ ...s, name: incomingName(s.name) }));
	const { state, refused } = replayRecords(toSetup(game), events);
	const print = await fingerprint(toCard(game, events));
	const latest = [...counting(signatures).values()];
	// A card turned in is sealed by its signatures: the lock is set on the device receiving it.
	const sealed = opts.sealedBySignatures === true;
	const lastSigned =
		latest
			.map((s) => s.signedAt)
			.sort()
			.at(-1) ?? null;
	const signedAt = game.signedAt ?? (sealed ? lastSigned : null);
	const signed =
		cardStatus({
			players: game.seats,
			signatures: latest.map((s) => ({ player: s.playerId, fingerprint: s.fingerprint })),
			locked: game.fingerprint ?? (sealed ? print : null),
			current: print
		}) === 'signed';
	const finishedAt = game.finishedAt ?? events.at(-1)?.at ?? game.createdAt;
	const counts = signed && state.over && refused.length === 0 && signedAt !== null;
	return {
		game: {
			...game,
			result: counts ? cardResult(state, game.finishedAt ?? signedAt ?? finishedAt) : null
		},
		events,
		signatures,
		print,
		playable: refused.length === 0,
		over: state.over
	};
}

/**
 * What a card's play is, whatever game id it was saved under: its players and every entry
 * with the time it was recorded. Two cards with the same content are the same game played
 * once (a copy saved under a new id with its fingerprint recomputed is still the same play).
 */
export function contentOf(game: GameRecord, events: readonly EventRecord[]): Promise<string> {
	return sha256Hex(
		canonicalJson({
			players: game.seats,
			events: events.map((e) => ({
				body: Object.fromEntries(Object.entries(e.event).filter(([k]) => k !== 'id')),
				at: e.at
			}))
		})
	);
}

/**
 * Checks that no record from outside takes over a record of another league held on the
 * device under the same id (a game, session or player belongs to one league, or to none).
 * @throws DbError `incoming-id-taken`
 */
export function assertSameLeague<T extends { id: string; leagueId: string | null }>(
	incoming: readonly T[],
	held: ReadonlyMap<string, T>
): void {
	for (const r of incoming) {
		const mine = held.get(r.id);
		if (mine && mine.leagueId !== r.leagueId) throw new DbError('incoming-id-taken');
	}
}

/**
 * Checks, inside the writer's transaction, that no signature brought in for game `gameId`
 * has the id of a signature of another game already on the device: a card must never take
 * over another card's signature. (Events are keyed by their game; games, by their own id.)
 * @throws DbError `incoming-id-taken`
 */
export async function assertOwnIds(signatures: readonly SignatureRecord[]): Promise<void> {
	if (signatures.length === 0) return;
	const held = await db.signatures.bulkGet(signatures.map((s) => s.id));
	signatures.forEach((s, i) => {
		const mine = held[i];
		if (mine && mine.gameId !== s.gameId) throw new DbError('incoming-id-taken');
	});
	const ids = new Set<string>();
	for (const s of signatures) {
		if (ids.has(s.id)) throw new DbError('incoming-id-taken');
		ids.add(s.id);
	}
}

/** A league's name from outside, by the league form's rule. */
export function incomingLeagueName(name: unknown): string {
	const clean = typeof name === 'string' ? cleanName(name) : '';
	if (clean === '' || clean.length > MAX_LEAGUE_NAME) {
		throw new DbError('incoming-name', { name: quoted(clean), max: MAX_LEAGUE_NAME });
	}
	return clean;
}

/** `records` grouped by game id. */
function byGame<T extends { gameId: string }>(records: readonly T[]): Map<string, T[]> {
	const out = new Map<string, T[]>();
	for (const r of records) {
		const list = out.get(r.gameId);
		if (list) list.push(r);
		else out.set(r.gameId, [r]);
	}
	return out;
}

/**
 * A backup's records, each checked and derived as any record from outside (see the top of
 * this file), before a restore or merge writes one: names by the name rule, every game and
 * every card of the inbox through `checkGame` (so results come from the signed events), no
 * id twice in a table.
 * @throws DbError `incoming-name`, `incoming-too-big`, `incoming-damaged`, `incoming-id-taken`
 */
export async function checkDump(file: StoreDump): Promise<StoreDump> {
	for (const table of [
		'leagues',
		'players',
		'sessions',
		'games',
		'matches',
		'signatures'
	] as const) {
		const ids = new Set<string>();
		for (const r of file[table]) {
			if (ids.has(r.id)) throw new DbError('incoming-id-taken');
			ids.add(r.id);
		}
	}
	const events = byGame(file.events);
	const signatures = byGame(file.signatures);
	const games: GameRecord[] = [];
	const checkedEvents: EventRecord[] = [];
	const checkedSignatures: SignatureRecord[] = [];
	for (const game of file.games) {
		const checked = await checkGame({
			game,
			events: events.get(game.id) ?? [],
			signatures: signatures.get(game.id) ?? []
		});
		games.push(checked.game);
		checkedEvents.push(...checked.events);
		checkedSignatures.push(...checked.signatures);
	}
	const inbox: InboxRecord[] = [];
	for (const entry of file.inbox) {
		const checked = await checkGame(entry.card, { sealedBySignatures: true });
		inbox.push({
			...entry,
			names: bare(Object.entries(entry.names).map(([id, n]) => [id, incomingName(n)])),
			content: await contentOf(checked.game, checked.events),
			card: { game: checked.game, events: checked.events, signatures: checked.signatures }
		});
	}
	return {
		...file,
		leagues: file.leagues.map((l) => ({ ...l, name: incomingLeagueName(l.name) })),
		players: file.players.map((p) => {
			const name = incomingName(p.name);
			return { ...p, name, nameKey: nameKey(name) };
		}),
		games,
		events: checkedEvents,
		signatures: checkedSignatures,
		inbox
	};
}
