/**
 * Signed cards for the server's tests and bench, made without a store: a card played and
 * signed through the app (card.muggins.json, written by the transfer fixtures) copied under a
 * new game id and league, its fingerprint computed again and every signature moved onto it,
 * as if the same players had played and signed another game.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fingerprint } from '$lib/rules/fingerprint';
import { toCard } from '$lib/db/records';
import type { CardPayload } from '$lib/transfer/schema';

export const TEMPLATE = JSON.parse(
	readFileSync(new URL('./card.muggins.json', import.meta.url), 'utf8')
) as CardPayload;

/** The roster that seats the template's players, as `PUT …/roster` takes it. */
export function rosterBody(): { players: { id: string; name: string }[] } {
	return { players: TEMPLATE.signatures.map((s) => ({ id: s.playerId, name: s.name })) };
}

/** A card of league `leagueId` signed by every player, under a new game id. */
export async function signedCard(leagueId: string, gameId = randomUUID()): Promise<CardPayload> {
	const card = structuredClone(TEMPLATE);
	card.game = { ...card.game, id: gameId, leagueId, sessionId: null, fingerprint: null };
	card.events = card.events.map((e) => ({ ...e, gameId }));
	const print = await fingerprint(toCard(card.game, card.events));
	card.game.fingerprint = print;
	card.signatures = card.signatures.map((s) => ({
		...s,
		id: randomUUID(),
		gameId,
		fingerprint: print
	}));
	return card;
}
