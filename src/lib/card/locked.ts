import type { GameRecord } from './records';

/**
 * Signed as far as the record says: locked with a fingerprint, with its signed result. Only
 * such a game can count in the standings (`contributions.ts`) or have a verdict
 * (`verdicts.ts`); the store's upkeep asks it of every game a write touches (`db/upkeep.ts`).
 */
export function lockedWithResult(game: GameRecord): boolean {
	return (
		typeof game.signedAt === 'string' &&
		typeof game.fingerprint === 'string' &&
		game.result !== null &&
		game.result !== undefined
	);
}
