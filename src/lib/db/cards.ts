/**
 * A league game seen as the card the instructor collects: whether it counts in the standings,
 * what it contributes to them, and the instructor's void. The standings read the summary that
 * sign-off stores on the game (issue 4), so a term's table never replays an event.
 */
import { dayOfTime } from '$lib/days';
import type { StandingsCard } from '$lib/rules/standings';
import type { CardResult } from '$lib/rules/card';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import type { GameRecord } from './records';

/** The longest reason a void can give. */
export const MAX_VOID_REASON = 200;

/** What sign-off stores on a game when every player has signed (`rules/card.ts`). */
export type SignedResult = CardResult;

/** The sign-off fields of a stored game. */
export type SignOff = Partial<Pick<GameRecord, 'signedAt' | 'fingerprint' | 'result'>>;

/** A stored game seen as a card. */
export type CardRecord = GameRecord;

/** Where a card stands for the instructor. */
export type CardStatus = 'in-progress' | 'unsigned' | 'signed' | 'voided';

/**
 * Whether `game` counts in its league's standings: every player signed it (so it carries its
 * signed result) and the instructor has not voided it. This is the single place that decides;
 * the sign-off's tamper check (a card changed after signing does not count) belongs here too.
 */
export function countsInStandings(game: CardRecord): boolean {
	return (
		game.leagueId !== null &&
		typeof game.signedAt === 'string' &&
		game.result !== null &&
		game.result !== undefined &&
		game.voidedAt === null
	);
}

/** Where `game` stands: voided first, then signed, finished, or still being played. */
export function cardStatus(game: CardRecord): CardStatus {
	if (game.voidedAt !== null) return 'voided';
	if (typeof game.signedAt === 'string' && game.result) return 'signed';
	return game.status === 'finished' ? 'unsigned' : 'in-progress';
}

/**
 * What `game` contributes to the standings, or null when it does not count. `sessionDate` is
 * the day of the class session that started it; a game outside sessions counts on the day it
 * finished.
 */
export function toStandingsCard(game: CardRecord, sessionDate?: string): StandingsCard | null {
	if (!countsInStandings(game) || !game.result) return null;
	const { result } = game;
	return {
		gameId: game.id,
		date: sessionDate ?? dayOfTime(result.finishedAt || game.finishedAt || game.createdAt),
		sides: result.sides.map((s) => ({ label: s.label, players: [...s.players], total: s.total })),
		winners: [...result.winners]
	};
}

/** Every game of league `leagueId` (counted or not), oldest first. */
export async function ofLeague(leagueId: string): Promise<CardRecord[]> {
	const games = await guard(() => db.games.where('leagueId').equals(leagueId).toArray());
	return games.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The cards of league `leagueId` that count, as the standings take them, in date order. Two
 * indexed reads (the league's games and sessions) and no replay.
 */
export async function counted(leagueId: string): Promise<StandingsCard[]> {
	return guard(() =>
		db.transaction('r', db.games, db.sessions, async () => {
			const games = await db.games.where('leagueId').equals(leagueId).toArray();
			const sessions = await db.sessions
				.where('[leagueId+date]')
				.between([leagueId, ''], [leagueId, '\uffff'])
				.toArray();
			const dates = new Map(sessions.map((s) => [s.id, s.date]));
			const cards: StandingsCard[] = [];
			for (const game of games) {
				const card = toStandingsCard(game, game.sessionId ? dates.get(game.sessionId) : undefined);
				if (card) cards.push(card);
			}
			return cards.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
		})
	);
}

async function mustGetLeagueGame(gameId: string): Promise<GameRecord> {
	const game = await db.games.get(gameId);
	if (!game) throw new DbError('not-found', { what: 'game' });
	if (game.leagueId === null) throw new DbError('not-a-league-card');
	return game;
}

/**
 * Voids a league card: it stays stored, with `reason`, but no longer counts. Nothing is
 * deleted, and `restore` counts it again.
 * @throws DbError `void-reason-required`, `void-reason-too-long`, `not-found`,
 * `not-a-league-card`, `card-voided-already`
 */
export async function voidCard(
	gameId: string,
	reason: string,
	opts: { now?: string } = {}
): Promise<GameRecord> {
	const why = (reason ?? '').trim().replace(/\s+/g, ' ');
	if (why === '') throw new DbError('void-reason-required');
	if (why.length > MAX_VOID_REASON)
		throw new DbError('void-reason-too-long', { max: MAX_VOID_REASON });
	return guard(() =>
		db.transaction('rw', db.games, async () => {
			const game = await mustGetLeagueGame(gameId);
			if (game.voidedAt !== null) throw new DbError('card-voided-already');
			const voided = { ...game, voidedAt: timestamp(opts.now), voidReason: why };
			await db.games.put(voided);
			return voided;
		})
	);
}

/**
 * Counts a voided card again (the void was a mistake); the old reason is dropped.
 * @throws DbError `not-found`, `not-a-league-card`, `card-not-voided`
 */
export async function restore(gameId: string): Promise<GameRecord> {
	return guard(() =>
		db.transaction('rw', db.games, async () => {
			const game = await mustGetLeagueGame(gameId);
			if (game.voidedAt === null) throw new DbError('card-not-voided');
			const restored = { ...game, voidedAt: null, voidReason: null };
			await db.games.put(restored);
			return restored;
		})
	);
}
