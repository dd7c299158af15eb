/**
 * Wrapping what the store hands over into payloads, and unwrapping payloads of the kind a
 * screen expects: cards, invites, and the class loop's messages (issue 15).
 */
import type { Invite, LeagueRecord, ReceivedCard } from '$lib/card/records';
import { ClassLoopError, TransferError } from './errors';
import {
	TRANSFER_APP,
	TRANSFER_FORMAT,
	type BundlePayload,
	type CardPayload,
	type GroupLine,
	type GroupPayload,
	type InvitePayload,
	type LivePayload,
	type Payload,
	type ReceiptPayload,
	type SessionPayload
} from './schema';
import type { StandingsSnapshot } from './standings-snapshot';

/** A session's groups as handed out (`class-loop/group-codes.ts` `handOut`): what its codes carry. */
export interface HandedOut {
	league: LeagueRecord;
	session: { id: string; date: string; updatedAt: string };
	groups: GroupLine[];
}

/** A signed card (`outbox.cardOf`) as a payload. */
export function cardPayload(card: ReceivedCard): CardPayload {
	return { app: TRANSFER_APP, kind: 'card', format: TRANSFER_FORMAT, ...card };
}

/** A league invite (`invites.inviteOf`) as a payload. */
export function invitePayload(invite: Invite): InvitePayload {
	return { app: TRANSFER_APP, kind: 'invite', format: TRANSFER_FORMAT, ...invite };
}

/**
 * `payload` when it is a card.
 * @throws TransferError `transfer-wrong-kind` for an invite
 */
export function asCard(payload: Payload): ReceivedCard {
	if (payload.kind !== 'card')
		throw new TransferError('transfer-wrong-kind', { kind: payload.kind });
	return { game: payload.game, events: payload.events, signatures: payload.signatures };
}

/**
 * `payload` when it is an invite.
 * @throws TransferError `transfer-wrong-kind` for a card
 */
export function asInvite(payload: Payload): Invite {
	if (payload.kind !== 'invite') {
		throw new TransferError('transfer-wrong-kind', { kind: payload.kind });
	}
	return { league: payload.league, roster: payload.roster };
}

/** The file name a payload is saved under: `card-…` or `invite-…`, then `.muggins.json`. */
export function fileName(payload: Payload): string {
	const slug = (s: string) =>
		s
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.slice(0, 40) || 'league';
	if (payload.kind === 'card') {
		return `card-${payload.game.createdAt.slice(0, 10)}-${payload.game.id.slice(0, 8)}.muggins.json`;
	}
	if (payload.kind === 'invite') return `invite-${slug(payload.league.name)}.muggins.json`;
	return classFileName(payload, slug) ?? 'muggins.muggins.json';
}

const ENVELOPE = { app: TRANSFER_APP, format: TRANSFER_FORMAT } as const;

/** The shared standings to add to a message: none when the league never shared them. */
function withStandings(standings: StandingsSnapshot | undefined) {
	return standings ? { standings } : {};
}

/** Group `group` of a handed-out session as its own code, with the shared standings if any. */
export function groupPayload(
	out: HandedOut,
	group: GroupLine,
	standings?: StandingsSnapshot
): GroupPayload {
	return {
		...ENVELOPE,
		kind: 'group',
		league: out.league,
		session: out.session,
		group,
		...withStandings(standings)
	};
}

/** A handed-out session whole, for a phone to pick its group from. */
export function sessionPayload(out: HandedOut, standings?: StandingsSnapshot): SessionPayload {
	return {
		...ENVELOPE,
		kind: 'session',
		league: out.league,
		session: out.session,
		groups: out.groups,
		...withStandings(standings)
	};
}

/** A league game's next entries as played, for the instructor's live view (issue 40). */
export function livePayload(game: LivePayload['game'], events: LivePayload['events']): LivePayload {
	return { ...ENVELOPE, kind: 'live', game, events: [...events] };
}

/** A phone's signed cards, turned in at once. */
export function bundlePayload(cards: readonly ReceivedCard[]): BundlePayload {
	return { ...ENVELOPE, kind: 'bundle', cards: [...cards] };
}

/** The instructor's receipt for `cards` received into `league`, with the shared standings. */
export function receiptPayload(
	league: { id: string; name: string },
	at: string,
	cards: ReceiptPayload['cards'],
	standings?: StandingsSnapshot
): ReceiptPayload {
	return { ...ENVELOPE, kind: 'receipt', league, at, cards, ...withStandings(standings) };
}

/**
 * `payload` when it is the cards of a bundle (or one card, as before).
 * @throws ClassLoopError `bundle-wrong-kind`
 */
export function asCards(payload: Payload): ReceivedCard[] {
	if (payload.kind === 'bundle') return payload.cards;
	if (payload.kind === 'card') {
		return [{ game: payload.game, events: payload.events, signatures: payload.signatures }];
	}
	throw new ClassLoopError('bundle-wrong-kind');
}

/**
 * `payload` when it is a receipt.
 * @throws ClassLoopError `receipt-wrong-kind`
 */
export function asReceipt(payload: Payload): ReceiptPayload {
	if (payload.kind !== 'receipt') throw new ClassLoopError('receipt-wrong-kind');
	return payload;
}

/** The name a class-loop payload's file is saved under, or null for a card or an invite. */
export function classFileName(payload: Payload, slug: (s: string) => string): string | null {
	switch (payload.kind) {
		case 'group':
			return `group-${payload.group.index + 1}-${payload.session.date}-${slug(payload.league.name)}.muggins.json`;
		case 'session':
			return `session-${payload.session.date}-${slug(payload.league.name)}.muggins.json`;
		case 'bundle':
			return `cards-${payload.cards.length}-${payload.cards[0]?.game.id.slice(0, 8) ?? ''}.muggins.json`;
		case 'receipt':
			return `receipt-${payload.at.slice(0, 10)}-${slug(payload.league.name)}.muggins.json`;
		default:
			return null;
	}
}
