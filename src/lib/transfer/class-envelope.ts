/**
 * Wrapping the class loop's messages into payloads (issue 15), and unwrapping the kind a screen
 * expects. The store hands over plain data (`db/group-codes.ts`, `db/receipts.ts`); this adds
 * the envelope every payload carries.
 */
import type { HandedOut } from '$lib/db/group-codes';
import type { ReceivedCard } from '$lib/db/records';
import { ClassLoopError } from './class-errors';
import type {
	BundlePayload,
	GroupLine,
	GroupPayload,
	ReceiptPayload,
	SessionPayload
} from './class-schema';
import { TRANSFER_APP, TRANSFER_FORMAT, type Payload } from './schema';
import type { StandingsSnapshot } from './standings-snapshot';

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
