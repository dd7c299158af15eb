/**
 * The instructor's correction of a finished card (issue 17; RULES.md §7 as ruled in issue 36):
 * a `correct` event with the points and the reason. On a card every player signed it counts at
 * once, as the teacher's pen on a paper card does: the players' signatures stay as what they
 * signed (the log up to the seal), the card stays locked to that fingerprint, and its result
 * becomes the corrected one, with the correction, its reason and the totals before and after
 * kept in it (`card/seal.ts` says how the verdict tells it from a change by anyone else). On a
 * card not yet signed by everyone, the signatures already given are set aside, as Reopen does,
 * since they are of a card that is no longer the one to sign.
 */
import { correctedResult } from '$lib/card/late-correction';
import { lockedWithResult } from '$lib/card/locked';
import { plain, type EventRecord, type GameRecord } from '$lib/card/records';
import { showsInstructorTools } from '$lib/roles/rules';
import { applyEvent } from '$lib/rules/game';
import type { PlayerId } from '$lib/rules/types';
import { timestamp } from './clock';
import { durableDb } from './db';
import { deviceId } from './device';
import { DbError, guard, isDbError } from './errors';
import { putAppended } from './game-writes';
import * as games from './games';
import * as role from './role';
import * as signatures from './signatures';

/** What the instructor corrects: `points` (not zero) to `player`, and why. */
export interface Correction {
	player: PlayerId;
	points: number;
	note: string;
}

/** Overrides for tests. */
export interface CorrectOptions {
	/** Time of the correction; the clock's when left out. */
	now?: string;
	/** The event's id; a random UUID when left out. */
	id?: string;
}

/**
 * Corrects finished game `gameId`. The correction is checked against the game before anything
 * is written: a refused one leaves the card, and its signatures, as they were. Only the
 * instructor's device corrects: a group's phone is refused (`instructor-only`); the page asks
 * for the PIN first.
 * @returns the game record after the correction (on a signed card, its corrected result)
 * @throws RuleError `correct-while-playing`, `bad-points`, `note-required`, `unknown-player`
 * @throws DbError `instructor-only`, `correct-changed-card`, `not-found`, `reason-too-long`, `storage-full`, `db-closed`
 */
export async function correct(
	gameId: string,
	correction: Correction,
	opts: CorrectOptions = {}
): Promise<GameRecord> {
	if (!showsInstructorTools(await role.get())) throw new DbError('instructor-only');
	const note = typeof correction.note === 'string' ? correction.note.trim() : '';
	const event = {
		type: 'correct' as const,
		player: correction.player,
		points: correction.points,
		note,
		id: opts.id ?? crypto.randomUUID()
	};
	const view = await games.get(gameId);
	applyEvent(view.state, event);
	if (lockedWithResult(view.record)) return afterSigning(gameId, event, opts);
	try {
		await signatures.reopen(gameId, `Corrected: ${note}`, opts);
	} catch (err) {
		// Nobody has signed yet: there is nothing to set aside.
		if (!isDbError(err) || err.code !== 'card-not-signed') throw err;
	}
	return (await games.append(gameId, event, opts)).record;
}

/**
 * Withdraws the instructor's correction `eventId` of signed game `gameId`, made after its
 * players signed: a `void` of it, which counts at once as the correction did; the card counts
 * with the score it had before that correction, and the correction leaves its screens.
 * @throws DbError `instructor-only`, `not-a-late-correction` (no such correction after the
 * signatures), `correct-changed-card`, `not-found`, `storage-full`, `db-closed`
 * @throws RuleError `void-already`, `void-unknown`
 */
export async function withdraw(
	gameId: string,
	eventId: string,
	opts: CorrectOptions = {}
): Promise<GameRecord> {
	if (!showsInstructorTools(await role.get())) throw new DbError('instructor-only');
	const event = { type: 'void' as const, target: eventId, id: opts.id ?? crypto.randomUUID() };
	return afterSigning(gameId, event, opts);
}

/**
 * Appends the instructor's `event` (a `correct`, or a `void` withdrawing one made after the
 * signatures) to signed game `gameId` and stores its corrected result, in one `rw`
 * transaction (strict durability, as signing): the card stays locked to what its players
 * signed. Checked inside it, against the log as it is then (`correctedResult`).
 */
async function afterSigning(
	gameId: string,
	event: EventRecord['event'],
	opts: CorrectOptions
): Promise<GameRecord> {
	const device = await deviceId();
	const durable = durableDb();
	return guard(() =>
		durable.transaction('rw', durable.games, durable.logs, async () => {
			const record = await durable.games.get(gameId);
			if (!record) throw new DbError('not-found', { what: 'game' });
			const events = await games.eventsOf(gameId, durable);
			const at = timestamp(opts.now);
			const appended: EventRecord = {
				gameId,
				seq: (events.at(-1)?.seq ?? 0) + 1,
				event: plain(event),
				at,
				deviceId: device,
				redoOf: null
			};
			const result = correctedResult(record, events, appended);
			await putAppended(durable, events, appended);
			const corrected: GameRecord = { ...record, result, updatedAt: at };
			await durable.games.put(corrected);
			return corrected;
		})
	);
}
