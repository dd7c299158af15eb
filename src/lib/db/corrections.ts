/**
 * The instructor's correction of a finished card (issue 17): a `correct` event with the
 * points and the reason, which the card's correction column and its history show. A signed
 * card is reopened first, as Reopen does (its signatures set aside, with the reason), so the
 * players sign the corrected card again; until then it does not count.
 */
import { applyEvent } from '$lib/rules/game';
import type { PlayerId } from '$lib/rules/types';
import { isDbError } from './errors';
import * as games from './games';
import * as signatures from './signatures';

/** What the instructor corrects: `points` (not zero) to `player`, and why. */
export interface Correction {
	player: PlayerId;
	points: number;
	note: string;
}

/**
 * Corrects finished game `gameId`. The correction is checked against the game before anything
 * is written: a refused one leaves the card, and its signatures, as they were.
 * @throws RuleError `correct-while-playing`, `bad-points`, `note-required`, `unknown-player`
 * @throws DbError `not-found`, `reason-too-long`, `storage-full`, `db-closed`
 */
export async function correct(
	gameId: string,
	correction: Correction,
	opts: { now?: string } = {}
): Promise<games.Appended> {
	const note = typeof correction.note === 'string' ? correction.note.trim() : '';
	const event = {
		type: 'correct' as const,
		player: correction.player,
		points: correction.points,
		note
	};
	const view = await games.get(gameId);
	applyEvent(view.state, { ...event, id: crypto.randomUUID() });
	try {
		await signatures.reopen(gameId, `Corrected: ${note}`, opts);
	} catch (err) {
		// Nobody has signed yet: there is nothing to reopen.
		if (!isDbError(err) || err.code !== 'card-not-signed') throw err;
	}
	return games.append(gameId, event, opts);
}
