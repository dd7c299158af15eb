/**
 * Where a card that passed its checks goes in the instructor's inbox (issue 37), without the
 * store: it counts by itself only in its place (a group's game handed out in a class session)
 * and from a sender that says who it is; any other waits for the instructor to accept it. Two
 * versions of one game that both pass wait, neither counting, for the instructor's choice.
 * `$lib/db/inbox.ts` `receiveChecked` reads what this needs and writes what it decides.
 */
import type { GameRecord, InboxReason } from './records';
import type { InboxRecord, InboxState } from './backup-records';
import type { Checked } from './card-check';

/**
 * Who sent a card (issue 37): the phone whose key's signature of it holds (`transfer/sealed.ts`),
 * the school server (which took it only under the key the phone joined with), or nobody said
 * (`null`: a file from before keys). Tests of the checks themselves leave it out.
 */
export type CardSender = { key: string } | { server: string } | null;

/** What is known of a checked card's arrival. */
export interface Arrival {
	/** The group (1 for the first) whose handed-out game the card is; null when it has none. */
	group: number | null;
	sender: CardSender | undefined;
	/** A backup from outside this device brought it (the reason it waits says so). */
	fromBackup: boolean;
	/** How many received versions of its game count or wait for a choice. */
	rivals: number;
	/** Its game as this device holds it, if it does. */
	local: Pick<GameRecord, 'fingerprint'> | undefined;
	fingerprint: string;
}

/**
 * Where a card goes: it waits to be accepted (`reasons`), it counts (`store`: unless this
 * device holds that very card already), or it waits beside the other versions of its game.
 */
export type Placing =
	| { kind: 'waits'; reasons: InboxReason[] }
	| { kind: 'counts'; store: boolean }
	| { kind: 'versions' };

/** Where the card of `arrival` goes (see `Placing`). */
export function placing(arrival: Arrival): Placing {
	const { group, sender, rivals, local } = arrival;
	const sameAsLocal = local?.fingerprint === arrival.fingerprint && rivals === 0;
	const waits: InboxReason[] = [];
	if (group === null && !sameAsLocal) waits.push({ code: 'inbox-no-place' });
	if (sender === null && !sameAsLocal) {
		waits.push({ code: arrival.fromBackup ? 'inbox-from-backup' : 'inbox-no-sender' });
	}
	if ((rivals === 0 && !local && waits.length > 0) || (sender === null && !sameAsLocal)) {
		// Not in its place, or from nobody who says so: it counts once accepted. From nobody, it
		// never stops another version counting meanwhile (a backup from outside, an old file).
		return { kind: 'waits', reasons: waits };
	}
	if (rivals === 0 && (!local || sameAsLocal)) {
		return { kind: 'counts', store: !sameAsLocal };
	}
	return { kind: 'versions' };
}

/** The inbox's record of checked card `checked` for league `leagueId`, received at `receivedAt`. */
export function inboxEntry(
	checked: Checked,
	leagueId: string,
	receivedAt: string,
	state: InboxState,
	reasons: InboxReason[] = []
): InboxRecord {
	return {
		id: `${checked.game.id}:${checked.fingerprint}`,
		leagueId,
		gameId: checked.game.id,
		fingerprint: checked.fingerprint,
		receivedAt,
		state,
		reasons,
		names: checked.names,
		content: checked.content,
		card: { game: checked.game, events: checked.events, signatures: checked.signatures }
	};
}
