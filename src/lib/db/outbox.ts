/**
 * A student's phone handing its cards over: the signed card as it travels, the mark that it
 * was turned in, and attaching a quick game to a league before anyone signs it.
 */
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import * as games from './games';
import type { TurnInRecord } from '$lib/card/backup-records';
import type { GameRecord, ReceivedCard } from '$lib/card/records';
import * as signatures from './signatures';

/**
 * The card of game `gameId` as it is turned in: the game, its log, and the signatures that
 * count, once every player signed it as it is now.
 * @throws DbError `card-not-signed-yet`, `not-found`
 */
export async function cardOf(gameId: string): Promise<ReceivedCard> {
	const view = await games.get(gameId);
	const all = await signatures.list(gameId);
	const check = await signatures.inspect(view, all);
	if (check.status !== 'signed') throw new DbError('card-not-signed-yet');
	return {
		game: view.record,
		events: view.events,
		signatures: check.signers.flatMap((s) => (s.signature ? [s.signature] : []))
	};
}

/** Records that the card of `gameId`, as signed with `fingerprint`, was handed over by `how`. */
export async function markTurnedIn(
	gameId: string,
	fingerprint: string,
	how: TurnInRecord['how'],
	opts: { now?: string } = {}
): Promise<TurnInRecord> {
	const record: TurnInRecord = { gameId, fingerprint, at: timestamp(opts.now), how };
	await guard(() => db.turnIns.put(record));
	return record;
}

/**
 * When the card of `game` was turned in, or null: a card reopened and signed again since (a
 * new fingerprint) is not turned in.
 */
export async function turnedIn(game: Pick<GameRecord, 'id' | 'fingerprint'>) {
	const record = await guard(() => db.turnIns.get(game.id));
	return record && record.fingerprint === game.fingerprint ? record : null;
}

/**
 * Attaches a quick game to league `leagueId`, so it counts there once signed. Only before
 * anyone signs (the league is part of what a signature vouches for), and only when every
 * player is on the league's roster.
 * @throws DbError `card-has-signatures`, `not-on-roster`, `not-found`
 */
export async function attach(gameId: string, leagueId: string): Promise<GameRecord> {
	return guard(() =>
		db.transaction('rw', [db.games, db.gameSignatures, db.players, db.leagues], async () => {
			const game = await db.games.get(gameId);
			if (!game) throw new DbError('not-found', { what: 'game' });
			if (!(await db.leagues.get(leagueId))) throw new DbError('not-found', { what: 'league' });
			const signed = (await db.gameSignatures.get(gameId))?.signatures ?? [];
			if (game.signedAt !== null || signed.some((s) => s.setAsideAt === null)) {
				throw new DbError('card-has-signatures');
			}
			const seated = await db.players.bulkGet(game.seats);
			const stranger = seated.find((p) => p?.leagueId !== leagueId);
			if (stranger !== undefined || seated.includes(undefined)) {
				throw new DbError('not-on-roster', { name: stranger?.name });
			}
			const attached = { ...game, leagueId };
			await db.games.put(attached);
			return attached;
		})
	);
}
