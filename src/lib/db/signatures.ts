/**
 * Signing the card: each player signs the card of a finished game; once every player has
 * signed the card as it is, the game is locked (`signedAt`) and keeps its fingerprint and its
 * result. A signed card can be reopened with a written reason, which sets the signatures aside.
 *
 * Signatures and reopenings commit through `durableDb` (strict durability, see `db.ts`).
 */
import { cardResult } from '$lib/rules/card';
import { canonicalCard, sha256Hex } from '$lib/rules/fingerprint';
import type { PlayerId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db, durableDb } from './db';
import { deviceId } from './device';
import { DbError, guard } from './errors';
import * as games from './games';
import { replayRecords } from '$lib/card/log';
import { nameKey } from '$lib/card/names';
import { notePrint } from './upkeep';
import { toCard, toSetup, type GameRecord, type SignatureRecord } from '$lib/card/records';
import {
	cardCheck,
	checkedMark,
	reopenReason,
	signatureId,
	type CardCheck,
	type Mark
} from '$lib/card/signing';
import { bySigning, counting } from '$lib/card/verdicts';

/** Overrides for tests and imports, and the fingerprint the signer was shown. */
export interface SignOptions {
	/** Time of the signature; the clock's when left out. */
	now?: string;
	/** The signature's id; a random UUID when left out. */
	id?: string;
	/**
	 * The fingerprint of the card the signer checked. When given, signing is refused with
	 * `card-changed` if the card is no longer that card.
	 */
	fingerprint?: string;
}

/** A signature just stored, and the game after it. */
export interface Signed {
	signature: SignatureRecord;
	/** The game; locked (`signedAt` set) when this was the last signature missing. */
	record: GameRecord;
	/** Every player has now signed the card as it is. */
	complete: boolean;
}

/**
 * Every signature of game `gameId`, those set aside included, in the order they were made.
 */
export async function list(gameId: string): Promise<SignatureRecord[]> {
	const held = await guard(() => db.gameSignatures.get(gameId));
	return [...(held?.signatures ?? [])].sort(bySigning);
}

/**
 * Player `playerId` signs the card of game `gameId` as it is now.
 *
 * The card is read and fingerprinted inside the signature's `rw` transaction (SHA-256 is
 * synchronous, `rules/sha256.ts`), so what is signed is exactly what is stored; the store's
 * upkeep is told the fingerprint (`notePrint`) and judges the card without hashing it again.
 * With `opts.fingerprint`, signing is refused with `card-changed` unless the card is still the
 * one the signer was shown. When this signature completes the set (every player's signature
 * that counts is of this fingerprint), the same transaction locks the game: `signedAt`,
 * `fingerprint` and `result`. Strict durability: see `durableDb`.
 * @throws DbError `signature-empty`, `typed-name-mismatch`, StrokeError `signature-bad`,
 * `card-not-finished`, `card-signed`, `card-changed`, `unknown-player`, `already-signed`,
 * `not-found`, `storage-full`, `db-closed`
 */
export async function sign(
	gameId: string,
	playerId: PlayerId,
	mark: Mark,
	opts: SignOptions = {}
): Promise<Signed> {
	const { strokes, typed } = checkedMark(mark);
	const device = await deviceId();
	const durable = durableDb();
	const { games: gameTable, players, gameSignatures } = durable;
	return guard(() =>
		durable.transaction('rw', [gameTable, durable.logs, gameSignatures, players], async () => {
			const record = await gameTable.get(gameId);
			if (!record) throw new DbError('not-found', { what: 'game' });
			const events = await games.eventsOf(gameId, durable);
			const text = canonicalCard(toCard(record, events));
			const print = sha256Hex(text);
			if (opts.fingerprint !== undefined && opts.fingerprint !== print) {
				throw new DbError('card-changed');
			}
			notePrint(text, print);
			if (record.signedAt !== null) throw new DbError('card-signed');
			const { state } = replayRecords(toSetup(record), events);
			if (!state.over) throw new DbError('card-not-finished');
			if (!record.seats.includes(playerId)) {
				throw new DbError('unknown-player', { player: playerId });
			}
			const name = (await players.get(playerId))?.name ?? playerId;
			if (typed !== null && nameKey(typed) !== nameKey(name)) {
				throw new DbError('typed-name-mismatch', { name });
			}
			const all = (await gameSignatures.get(gameId))?.signatures ?? [];
			const latest = counting(all);
			if (latest.get(playerId)?.fingerprint === print)
				throw new DbError('already-signed', { name });

			const at = timestamp(opts.now);
			const signature: SignatureRecord = {
				id: opts.id ?? signatureId(gameId, all),
				gameId,
				playerId,
				name,
				fingerprint: print,
				strokes,
				typed,
				signedAt: at,
				deviceId: device,
				setAsideAt: null,
				setAsideReason: null
			};
			await gameSignatures.put({ gameId, signatures: [...all, signature] });
			latest.set(playerId, signature);
			const complete = record.seats.every((p) => latest.get(p)?.fingerprint === print);
			if (!complete) return { signature, record, complete };
			const locked: GameRecord = {
				...record,
				signedAt: at,
				fingerprint: print,
				result: cardResult(state, record.finishedAt ?? at)
			};
			await gameTable.put(locked);
			return { signature, record: locked, complete };
		})
	);
}

/**
 * Reopens the card of game `gameId` so it can be changed: the signatures that count are set
 * aside with `reason` (kept in the card's history, no longer valid) and the lock is lifted;
 * every player signs again afterwards. A card partly signed can be reopened too, to start the
 * signing over. One `rw` transaction, strict durability (see `durableDb`).
 * @throws DbError `reason-required`, `reason-too-long`, `card-not-signed` when nobody's
 * signature counts, `not-found`, `storage-full`, `db-closed`
 */
export async function reopen(
	gameId: string,
	reason: string,
	opts: { now?: string } = {}
): Promise<GameRecord> {
	const why = reopenReason(reason);
	const durable = durableDb();
	const { games: gameTable, gameSignatures } = durable;
	return guard(() =>
		durable.transaction('rw', gameTable, gameSignatures, async () => {
			const record = await gameTable.get(gameId);
			if (!record) throw new DbError('not-found', { what: 'game' });
			const all = (await gameSignatures.get(gameId))?.signatures ?? [];
			const valid = all.filter((s) => s.setAsideAt === null);
			const unlocked = record.signedAt === null && record.fingerprint === null;
			if (unlocked && valid.length === 0) throw new DbError('card-not-signed');
			const at = timestamp(opts.now);
			if (valid.length > 0) {
				const setAside = (s: SignatureRecord): SignatureRecord =>
					s.setAsideAt === null ? { ...s, setAsideAt: at, setAsideReason: why } : s;
				await gameSignatures.put({ gameId, signatures: all.map(setAside) });
			}
			const reopened: GameRecord = { ...record, signedAt: null, fingerprint: null, result: null };
			await gameTable.put(reopened);
			return reopened;
		})
	);
}

/**
 * The card of a game already read (`games.get`), checked against its signatures
 * (`cardCheck`). Call it as the last step of a live query: the hash is not a database read,
 * and reads after it would not be watched.
 * @param signed the game's signatures (`list`), when already read; read here otherwise
 */
export async function inspect(
	view: Pick<games.GameView, 'record' | 'events'>,
	signed?: readonly SignatureRecord[]
): Promise<CardCheck> {
	return cardCheck(view.record, view.events, signed ?? (await list(view.record.id)));
}
