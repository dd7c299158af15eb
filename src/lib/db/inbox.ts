/**
 * The instructor's inbox: signed cards received from the class's phones, by QR code or file.
 *
 * Every card is checked on arrival: its fingerprint is computed here from its events, every
 * player must have signed that fingerprint, it must be for this league, and its players must
 * be on this roster. A card that passes is stored as a game of the league, with its events and
 * signatures, so the standings count it through `cards.countsInStandings` like any other; a
 * card that fails stays in the inbox only, with its reasons, and counts nowhere. The same card
 * twice is one record (`gameId:fingerprint`); two versions that both pass are both kept as
 * `conflict`, neither counting, until the instructor chooses one.
 */
import { bare, own } from '$lib/rules/bare';
import Dexie from 'dexie';
import { messageFor } from '$lib/messages';
import { isRuleError } from '$lib/rules/errors';
import type { PlayerId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { assertOwnIds, assertSameLeague, checkGame, contentOf } from './incoming';
import {
	type EventRecord,
	type GameRecord,
	type InboxReason,
	type InboxRecord,
	type ReceivedCard,
	type SignatureRecord
} from './records';

/** A card that cannot be a game at all (events of another game, out of order, refused). */
export class BrokenCardError extends Error {
	readonly code = 'transfer-damaged';
	readonly params: { detail: string };

	constructor(detail: string) {
		super(`The card is damaged: ${detail}`);
		this.name = 'BrokenCardError';
		this.params = { detail };
	}
}

/** The game's record with only the fields this version knows (a file may carry others). */
function knownGame(g: GameRecord): GameRecord {
	return {
		id: g.id,
		rulesetId: g.rulesetId,
		options: g.options,
		seats: g.seats,
		sides: g.sides,
		status: g.status,
		createdAt: g.createdAt,
		updatedAt: g.updatedAt,
		finishedAt: g.finishedAt,
		leagueId: g.leagueId,
		sessionId: g.sessionId,
		deviceId: g.deviceId,
		voidedAt: g.voidedAt,
		voidReason: g.voidReason,
		signedAt: g.signedAt,
		fingerprint: g.fingerprint,
		result: g.result
	};
}

/** What a received card is, once checked: the game to store, and why it would not count. */
interface Checked {
	game: GameRecord;
	events: EventRecord[];
	signatures: SignatureRecord[];
	fingerprint: string;
	/** What its play is, whatever its game id (`incoming.contentOf`). */
	content: string;
	reasons: InboxReason[];
	names: Record<PlayerId, string>;
}

/**
 * Checks everything but the roster and the other versions (which need the store).
 * @throws BrokenCardError when the card cannot be a game
 */
async function examine(card: ReceivedCard, leagueId: string): Promise<Checked> {
	const received = card.signatures.filter((s) => s.setAsideAt === null);
	let checked;
	try {
		checked = await checkGame(
			{ game: knownGame(card.game), events: card.events, signatures: received },
			{ sealedBySignatures: true }
		);
	} catch (e) {
		if (e instanceof DbError && e.code === 'incoming-damaged') {
			throw new BrokenCardError(String(e.params.detail ?? ''));
		}
		if (isRuleError(e)) throw new BrokenCardError(messageFor(e));
		throw e;
	}
	const { game, events, signatures, print } = checked;
	if (!checked.playable) throw new BrokenCardError('an entry breaks the rules');
	const names: Record<PlayerId, string> = bare();
	for (const s of signatures) names[s.playerId] = s.name;
	const reasons: InboxReason[] = [];
	if (game.leagueId !== leagueId) reasons.push({ code: 'inbox-other-league' });
	if (!checked.over) reasons.push({ code: 'inbox-not-finished' });
	const signedOther = signatures.some((s) => s.fingerprint !== print);
	if (signedOther || (game.fingerprint !== null && game.fingerprint !== print)) {
		reasons.push({ code: 'inbox-changed' });
	}
	for (const seat of game.seats) {
		if (!signatures.some((s) => s.playerId === seat && s.fingerprint === print) && !signedOther) {
			reasons.push({ code: 'inbox-unsigned', name: own(names, seat) ?? seat });
		}
	}
	const lastSigned =
		signatures
			.map((s) => s.signedAt)
			.sort()
			.at(-1) ?? null;
	const stored: GameRecord = {
		...game,
		status: checked.over ? 'finished' : 'in-progress',
		voidedAt: null,
		voidReason: null,
		signedAt: game.signedAt ?? lastSigned,
		fingerprint: print
	};
	return {
		// The summary the standings read (`result`) was recomputed by `checkGame`, never taken
		// from the card: it is not covered by the fingerprint.
		game: stored,
		events,
		signatures,
		fingerprint: print,
		content: await contentOf(game, events),
		reasons,
		names
	};
}

async function eraseGame(gameId: string): Promise<void> {
	await db.events
		.where('[gameId+seq]')
		.between([gameId, Dexie.minKey], [gameId, Dexie.maxKey])
		.delete();
	await db.signatures.where('gameId').equals(gameId).delete();
	await db.games.delete(gameId);
}

/** Stores a checked card as a game of the league, replacing any other version of it. */
async function store(entry: InboxRecord): Promise<void> {
	await eraseGame(entry.gameId);
	await db.games.add(entry.card.game);
	await db.events.bulkAdd(entry.card.events);
	await db.signatures.bulkPut(entry.card.signatures);
}

/**
 * Receives `card` into league `leagueId`'s inbox and, when it passes every check, into its
 * standings. Receiving the same card again changes nothing and gives back its first record.
 * One `rw` transaction: the inbox record and the game go in together or not at all.
 * @throws BrokenCardError (code `transfer-damaged`) for a card that cannot be a game
 * @throws DbError `not-found` (league)
 */
export async function receive(
	leagueId: string,
	card: ReceivedCard,
	opts: { now?: string } = {}
): Promise<InboxRecord> {
	const checked = await examine(card, leagueId);
	const id = `${checked.game.id}:${checked.fingerprint}`;
	return guard(() =>
		db.transaction(
			'rw',
			[db.inbox, db.games, db.events, db.signatures, db.players, db.leagues],
			async () => {
				if (!(await db.leagues.get(leagueId))) throw new DbError('not-found', { what: 'league' });
				const held = await db.inbox.get(id);
				// A refused copy (a wrong lock, say) must not turn the genuine card away: only a
				// card that passed is "already received".
				if (held && held.state !== 'refused') return held;
				const roster = await db.players.bulkGet(checked.game.seats);
				// A player who did not sign is named from this roster when they are on it.
				checked.game.seats.forEach((seat, i) => {
					const known = roster[i]?.name;
					if (known && !own(checked.names, seat)) checked.names[seat] = known;
				});
				const reasons = checked.reasons.map((r) =>
					r.name !== undefined ? { ...r, name: own(checked.names, r.name) ?? r.name } : r
				);
				if (!reasons.some((r) => r.code === 'inbox-other-league')) {
					checked.game.seats.forEach((seat, i) => {
						if (roster[i]?.leagueId !== leagueId) {
							reasons.push({ code: 'inbox-not-on-roster', name: own(checked.names, seat) ?? seat });
						}
					});
				}
				const entry: InboxRecord = {
					id,
					leagueId,
					gameId: checked.game.id,
					fingerprint: checked.fingerprint,
					receivedAt: timestamp(opts.now),
					state: 'refused',
					reasons,
					names: checked.names,
					content: checked.content,
					card: { game: checked.game, events: checked.events, signatures: checked.signatures }
				};
				if (reasons.length > 0) {
					await db.inbox.put(entry);
					return entry;
				}
				await assertOwnIds(entry.card.signatures);
				const copyOf = (await db.inbox.where('leagueId').equals(leagueId).toArray()).find(
					(r) =>
						r.content === entry.content &&
						r.gameId !== entry.gameId &&
						(r.state === 'counted' || r.state === 'conflict')
				);
				if (copyOf) {
					// The same play saved under another game id: one game, not two wins. It waits
					// for the instructor's choice; the card received first keeps counting.
					entry.state = 'conflict';
					entry.reasons = [{ code: 'inbox-copy' }];
					await db.inbox.put(entry);
					return entry;
				}
				const rivals = (await db.inbox.where('gameId').equals(entry.gameId).toArray()).filter(
					(r) => r.state === 'counted' || r.state === 'conflict'
				);
				const local = await db.games.get(entry.gameId);
				// A game of this device outside this league is not a version of this card.
				if (local) assertSameLeague([entry.card.game], new Map([[local.id, local]]));
				const sameAsLocal = local?.fingerprint === entry.fingerprint && rivals.length === 0;
				if (rivals.length === 0 && (!local || sameAsLocal)) {
					entry.state = 'counted';
					if (!sameAsLocal) await store(entry);
				} else {
					entry.state = 'conflict';
					// A received version that counted stops counting until the choice; a game
					// recorded on this device itself stays, as it is not in the inbox to restore.
					if (rivals.length > 0 && local) await eraseGame(entry.gameId);
					await db.inbox.bulkPut(rivals.map((r) => ({ ...r, state: 'conflict' as const })));
				}
				await db.inbox.put(entry);
				return entry;
			}
		)
	);
}

/**
 * The instructor chooses which version of a card counts: `id`'s version is stored as the game,
 * the other versions are set aside (kept, not counted).
 * @throws DbError `not-in-inbox` when `id` is gone or is not a version waiting for a choice
 */
export async function choose(id: string): Promise<InboxRecord> {
	return guard(() =>
		db.transaction('rw', [db.inbox, db.games, db.events, db.signatures], async () => {
			const chosen = await db.inbox.get(id);
			if (!chosen || chosen.state === 'refused') throw new DbError('not-in-inbox');
			const others = await db.inbox.where('gameId').equals(chosen.gameId).toArray();
			await db.inbox.bulkPut(
				others
					.filter((r) => r.id !== id && r.state !== 'refused')
					.map((r) => ({ ...r, state: 'set-aside' as const }))
			);
			const counted = { ...chosen, state: 'counted' as const };
			await assertOwnIds(counted.card.signatures);
			await db.inbox.put(counted);
			await store(counted);
			return counted;
		})
	);
}

/**
 * Removes a refused card from the inbox: it never counted, so nothing else changes.
 * @throws DbError `not-in-inbox` when `id` is gone or is not a refused card
 */
export async function dismiss(id: string): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.inbox, async () => {
			const entry = await db.inbox.get(id);
			if (!entry || entry.state !== 'refused') throw new DbError('not-in-inbox');
			await db.inbox.delete(id);
		})
	);
}

/** League `leagueId`'s inbox, the latest received first. */
export async function list(leagueId: string): Promise<InboxRecord[]> {
	const all = await guard(() => db.inbox.where('leagueId').equals(leagueId).toArray());
	return all.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || a.id.localeCompare(b.id));
}
