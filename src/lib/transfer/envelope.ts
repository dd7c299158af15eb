/**
 * Wrapping what the store hands over into payloads, and unwrapping payloads of the kind a
 * screen expects.
 */
import type { Invite } from '$lib/db/invites';
import type { ReceivedCard } from '$lib/db/records';
import { classFileName } from './class-envelope';
import { TransferError } from './errors';
import {
	TRANSFER_APP,
	TRANSFER_FORMAT,
	type CardPayload,
	type InvitePayload,
	type Payload
} from './schema';

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
