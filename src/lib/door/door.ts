/**
 * The one way in for what another device sends (issue 37): a card or a phone's cards for the
 * instructor's inbox, and an invite, a group's or a session's code or a receipt for a phone,
 * however they came (a code, a moving code, a file, the school server). Every message is read
 * by `parsePayload` (a server's answer too), its seal checked, then handed to the one verb that
 * stores its kind, in one transaction; a kind the screen does not take is refused before
 * anything is written. Screens and sync call only this module.
 */
import * as groupCodes from '$lib/class-loop/group-codes';
import * as receipts from '$lib/class-loop/receipts';
import type { InboxRecord } from '$lib/card/backup-records';
import * as inbox from '$lib/db/inbox';
import { deviceKey } from '$lib/db/device-key';
import * as invites from '$lib/db/invites';
import type { Joined } from '$lib/db/invites';
import { takeIn } from '$lib/league/take-in';
import type { Invite } from '$lib/card/records';
import { asCard, asInvite, invitePayload } from '$lib/transfer/envelope';
import { ClassLoopError } from '$lib/transfer/errors';
import { parsePayload } from '$lib/transfer/payload';
import type { InvitePayload, Payload } from '$lib/transfer/schema';

/** What a phone takes in: the instructor's messages. */
export type PhoneKind = 'invite' | 'group' | 'session' | 'receipt';

/** What a phone's taking a message in did. */
export type OnPhone =
	| { kind: 'group'; gameId: string; index: number; leagueId: string }
	| { kind: 'session'; sessionId: string; leagueId: string; leagueName: string }
	| { kind: 'invite'; joined: Joined; server: InvitePayload['server'] }
	| { kind: 'receipt'; marked: number };

/**
 * The instructor's device: `cardsIn(leagueId, payload)` takes the card or cards of a phone's
 * code or file into the league's inbox, or a session's collect mode, and makes the receipt
 * for the phone (`league/take-in.ts`).
 */
export { takeIn as cardsIn };

/**
 * The instructor's device: takes a card the school server sends (`value`, as it came) into
 * league `leagueId`'s inbox. The server took it only under its phone's key and names the phone
 * (`phone`); no receipt is made, the server's answer to the phone was one.
 * @throws TransferError when it is not a card of ours; as `inbox.receive`
 */
export async function cardFromServer(
	leagueId: string,
	value: unknown,
	phone: string
): Promise<InboxRecord> {
	const card = asCard(parsePayload(value));
	return inbox.receive(leagueId, card, { sender: { server: phone } });
}

/**
 * A phone: takes the instructor's `payload`, on a screen that takes `kinds` (a session's code
 * from the school server, `value` as it came, is read by `parsePayload` first). `newOwner`
 * follows an instructor's new device, the phone's users' choice; `league`, when given, is the
 * only league whose messages are taken (the school server's answers for one league).
 * @throws ClassLoopError `receipt-wrong-kind` (a screen waiting for a receipt) or
 * `group-other-kind` for a kind the screen does not take, `code-other-league`; TrustError and
 * the coded errors of the verb that stores it. Nothing is written when it throws.
 */
export async function onPhone<K extends PhoneKind>(
	value: Payload | { unread: unknown },
	kinds: readonly K[],
	opts: { newOwner?: boolean; league?: string } = {}
): Promise<Extract<OnPhone, { kind: K }>> {
	return (await take(value, kinds, opts)) as Extract<OnPhone, { kind: K }>;
}

async function take(
	value: Payload | { unread: unknown },
	kinds: readonly PhoneKind[],
	opts: { newOwner?: boolean; league?: string }
): Promise<OnPhone> {
	const payload = 'unread' in value ? parsePayload(value.unread) : value;
	if (
		payload.kind === 'card' ||
		payload.kind === 'bundle' ||
		payload.kind === 'live' ||
		!kinds.includes(payload.kind)
	) {
		const waitsForReceipt = kinds.length === 1 && kinds[0] === 'receipt';
		throw new ClassLoopError(waitsForReceipt ? 'receipt-wrong-kind' : 'group-other-kind', {
			kind: payload.kind
		});
	}
	if (opts.league !== undefined && payload.league.id !== opts.league) {
		throw new ClassLoopError('code-other-league');
	}
	switch (payload.kind) {
		case 'group':
			return {
				kind: 'group',
				gameId: await groupCodes.takeGroup(payload, opts),
				index: payload.group.index,
				leagueId: payload.league.id
			};
		case 'session':
			return {
				kind: 'session',
				sessionId: await groupCodes.takeSession(payload, opts),
				leagueId: payload.league.id,
				leagueName: payload.league.name
			};
		case 'invite':
			return {
				kind: 'invite',
				joined: await groupCodes.takeInvite(payload, opts),
				server: payload.server
			};
		case 'receipt':
			return { kind: 'receipt', marked: await receipts.confirm(payload) };
	}
}

/**
 * A phone: the league and roster of league `leagueId` as its owner last pushed them to the
 * school server (`league` and `roster`, as they came), read as an invite's are. The server
 * brings names and rules, never ownership: the phone keeps the owner's key it pinned.
 * @throws TransferError when they are not a league and roster of ours, ClassLoopError
 * `code-other-league`; as `invites.join`
 */
export async function leagueFromServer(
	leagueId: string,
	league: unknown,
	roster: unknown
): Promise<Joined> {
	// Not yet an invite: `parsePayload` checks every field of it.
	const read = asInvite(parsePayload(invitePayload({ league, roster } as Invite)));
	if (read.league.id !== leagueId) throw new ClassLoopError('code-other-league');
	const trust = { signer: 'school-server' as const, mine: (await deviceKey()).publicKey };
	return invites.join(read, { trust });
}
