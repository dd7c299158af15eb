/**
 * Attaching a quick game to a league after its players signed it (issue 15).
 *
 * Why the players sign again, rather than the league riding outside the fingerprint: the
 * league is part of the card every player signs (`toCard`), and that is what makes a card
 * count in one league and nowhere else. Carried outside the signatures, anyone holding the
 * phone could move a signed friendly game into a league's standings, or from one league to
 * another, without the players' say; the instructor's inbox could not tell. Signing again
 * costs the group a minute, and the card's history keeps the first signatures and why they
 * were set aside.
 */
import { db } from './db';
import { DbError, guard } from './errors';
import * as outbox from './outbox';
import type { GameRecord } from '$lib/card/records';
import * as signatures from './signatures';

/**
 * Attaches game `gameId` to league `leagueId`; a signed card is reopened first (its signatures
 * set aside with the reason), so every player signs it again for the league. Everything that
 * would refuse the attaching is checked before the card is reopened.
 * @throws DbError `not-on-roster`, `not-found`, `card-voided-already`
 */
export async function attachToLeague(
	gameId: string,
	leagueId: string,
	opts: { now?: string; leagueName?: string } = {}
): Promise<GameRecord> {
	const { game, signed } = await guard(() =>
		db.transaction('r', [db.games, db.gameSignatures, db.players, db.leagues], async () => {
			const game = await db.games.get(gameId);
			if (!game) throw new DbError('not-found', { what: 'game' });
			const league = await db.leagues.get(leagueId);
			if (!league) throw new DbError('not-found', { what: 'league' });
			const seated = await db.players.bulkGet(game.seats);
			const stranger = seated.find((p) => p?.leagueId !== leagueId);
			if (stranger !== undefined || seated.includes(undefined)) {
				throw new DbError('not-on-roster', { name: stranger?.name });
			}
			const all = (await db.gameSignatures.get(gameId))?.signatures ?? [];
			return { game, signed: all.some((s) => s.setAsideAt === null) || game.signedAt !== null };
		})
	);
	if (game.voidedAt !== null) throw new DbError('card-voided-already');
	if (signed) {
		const name = opts.leagueName ?? 'a league';
		await signatures.reopen(gameId, `Counted for ${name}: every player signs again`, opts);
	}
	return outbox.attach(gameId, leagueId);
}
