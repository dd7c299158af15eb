import Dexie from 'dexie';
import { checkTable } from '$lib/rules/game';
import { DEFAULT_RULESET } from '$lib/rules/rulesets';
import type { GameOptions, PlayerId, RulesetId } from '$lib/rules/types';
import { timestamp } from './clock';
import { db } from './db';
import { deviceId } from './device';
import { guard } from './errors';
import * as players from './players';
import { sidesBySeat, snapshot } from '$lib/card/new-game';
import { toSetup, type GameRecord, type GameStatus } from '$lib/card/records';

/** A player of a new game: a name (an existing player of that name, else a new one) or an id. */
export type PlayerRef = string | { id: PlayerId };

/** What starting a game needs. */
export interface NewGame {
	/** Defaults to the classroom rules. */
	ruleset?: RulesetId;
	/** In seat order (play goes to the left). */
	players: readonly PlayerRef[];
	/** Team play: the seats (0-based) of each side, e.g. `[[0, 2], [1, 3]]`. */
	sides?: readonly (readonly number[])[];
	/** Overrides of the ruleset's defaults (target, rounds). */
	options?: GameOptions;
	leagueId?: string | null;
	sessionId?: string | null;
	/** Creation time; the clock's when left out. */
	now?: string;
	/** The game's id; a random UUID when left out. */
	id?: string;
}

export type { GameView } from '$lib/card/game-view';
export { eventsOf } from './game-read';

async function seat(ref: PlayerRef, now: string): Promise<PlayerId> {
	if (typeof ref === 'string') return (await players.create(ref, { now })).id;
	return (await players.get(ref.id)).id;
}

/**
 * Starts a game: seats the players (making the new names players), checks the table against
 * the ruleset (player count, teams, options), and stores the game with its options snapshot.
 * One `rw` transaction over players and games: a refused table leaves no new player behind.
 * @throws RuleError when the ruleset refuses the table (`player-count`, `bad-sides`, …)
 * @throws DbError `not-found` for an unknown player id, or a bad name (`name-required`, …)
 */
export async function create(input: NewGame): Promise<GameRecord> {
	const device = await deviceId();
	return guard(() =>
		db.transaction('rw', db.players, db.games, async () => {
			const at = timestamp(input.now);
			const seats: PlayerId[] = [];
			for (const ref of input.players) seats.push(await seat(ref, at));
			const rulesetId = input.ruleset ?? DEFAULT_RULESET;
			const record: GameRecord = {
				id: input.id ?? crypto.randomUUID(),
				rulesetId,
				options: snapshot(rulesetId, input.options),
				seats,
				sides: sidesBySeat(seats, input.sides),
				status: 'in-progress',
				createdAt: at,
				updatedAt: at,
				finishedAt: null,
				leagueId: input.leagueId ?? null,
				sessionId: input.sessionId ?? null,
				deviceId: device,
				voidedAt: null,
				voidReason: null,
				signedAt: null,
				fingerprint: null,
				result: null
			};
			checkTable(toSetup(record));
			await db.games.add(record);
			await players.markPlayed(seats, at);
			return record;
		})
	);
}

export { get } from './game-read';

/** The games with `status` (all games when left out), the newest first. */
export async function list(filter: { status?: GameStatus } = {}): Promise<GameRecord[]> {
	const { status } = filter;
	return guard(async () => {
		if (status === undefined) {
			const all = await db.games.toArray();
			return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
		}
		return db.games
			.where('[status+createdAt]')
			.between([status, Dexie.minKey], [status, Dexie.maxKey])
			.reverse()
			.toArray();
	});
}

/**
 * Of games `ids`, those this device holds signed and not voided: the cards a session has in.
 * A game played on a group's phone is not here until its card arrives.
 */
export async function signedAmong(ids: readonly string[]): Promise<Set<string>> {
	return guard(async () => {
		const found = await db.games.bulkGet([...ids]);
		const signed = found.filter(
			(g) => g !== undefined && g.signedAt !== null && g.voidedAt === null
		);
		return new Set(signed.map((g) => g!.id));
	});
}

/** Of games `ids`, those this device holds, in one bounded read: a page's own games. */
export async function among(ids: readonly string[]): Promise<GameRecord[]> {
	if (ids.length === 0) return [];
	const found = await guard(() => db.games.bulkGet([...new Set(ids)]));
	return found.filter((g) => g !== undefined);
}

export { append, redo, undo, type Appended, type AppendOptions } from './game-writes';
