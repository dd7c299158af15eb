/**
 * The instructor's correction of a card every player signed (issue 36), checked without the
 * store: it counts at once, as the teacher's pen on a paper card does, so the card stays locked
 * to what its players signed and its result becomes the corrected one. `$lib/db/corrections.ts`
 * stores the event and the result in one transaction.
 */
import { DbError } from './db-error';
import { resultOfEvents } from './game-check';
import { lockedWithResult } from './locked';
import { replayRecords, step } from './log';
import { toSetup, type EventRecord, type GameRecord } from './records';
import { printsOf, sealOf, signedPrint } from './seal';

/**
 * The result of signed game `record` once `appended` (the instructor's `correct`, or a `void`
 * withdrawing one made after the signatures) follows its log `events`.
 * @throws DbError `correct-changed-card` for a card changed after signing or no longer locked,
 * `not-a-late-correction` for a void of anything but a correction made after the signatures
 * @throws RuleError when the rules refuse the event
 */
export function correctedResult(
	record: GameRecord,
	events: readonly EventRecord[],
	appended: EventRecord
): NonNullable<GameRecord['result']> {
	// A card changed after signing (or unlocked by another tab meanwhile) is not made to
	// count: a later correction must not vouch for an entry nobody signed.
	const print = printsOf(record);
	const seal = lockedWithResult(record) ? sealOf(record, events, print) : null;
	if (!seal || signedPrint(record, events, print) !== record.fingerprint) {
		throw new DbError('correct-changed-card');
	}
	// What the players signed stays: only a correction made after them is withdrawn.
	const { event: e } = appended;
	if (e.type === 'void' && !seal.corrections.some((c) => c.event.id === e.target)) {
		throw new DbError('not-a-late-correction');
	}
	step(replayRecords(toSetup(record), events), appended);
	const result = resultOfEvents(record, [...events, appended]);
	if (!result) throw new DbError('correct-changed-card');
	return result;
}
