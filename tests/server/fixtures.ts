/**
 * Signed cards for the server's tests and bench, made without a store: a card played and
 * signed through the app (card.muggins.json, written by the transfer fixtures) copied under a
 * new game id and league, its fingerprint computed again and every signature moved onto it,
 * as if the same players had played and signed another game.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fingerprint } from '$lib/rules/fingerprint';
import { toCard, type LeagueRecord } from '$lib/card/records';
import { sessionPayload } from '$lib/transfer/envelope';
import type { SessionPayload } from '$lib/transfer/schema';
import { groupCode } from '$lib/transfer/group-code';
import { TRANSFER_FORMAT, type CardPayload } from '$lib/transfer/schema';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';

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
	card.format = TRANSFER_FORMAT; // as phones push them now; the template file is format 1
	card.signatures = card.signatures.map((s) => ({
		...s,
		id: randomUUID(),
		gameId,
		fingerprint: print
	}));
	return card;
}

/** League `leagueId`'s record as the app holds it, with the template card's rules. */
export function leagueRecord(leagueId: string): LeagueRecord {
	return {
		id: leagueId,
		name: 'Period 3',
		term: { name: 'Spring', start: null, end: null },
		rulesetId: TEMPLATE.game.rulesetId,
		options: TEMPLATE.game.options,
		createdAt: '2026-02-01T09:00:00.000Z',
		updatedAt: '2026-02-01T09:00:00.000Z'
	};
}

/**
 * Session `sessionId` of league `leagueId` handed out as one group of the template's players,
 * as the instructor's codes page makes it (`group-codes.handOut`).
 */
export async function handedOut(
	leagueId: string,
	sessionId: string,
	updatedAt = '2026-02-03T09:00:00.000Z'
): Promise<SessionPayload> {
	const gameId = randomUUID();
	return sessionPayload({
		league: leagueRecord(leagueId),
		session: { id: sessionId, date: '2026-02-03', updatedAt },
		groups: [
			{
				index: 0,
				gameId,
				code: await groupCode(sessionId, 0, gameId),
				players: TEMPLATE.signatures.map((s) => ({
					id: s.playerId,
					name: s.name,
					retiredAt: null,
					updatedAt: '2026-02-01T09:00:00.000Z'
				}))
			}
		]
	});
}

/** Standings shared by league `leagueId` at `at` (Ana's points `points`), as the app sends them. */
export function standings(leagueId: string, at: string, points = 12): StandingsSnapshot {
	return {
		league: leagueId,
		at,
		rows: [
			['Ana', 2, 2, points, 1],
			['Ben', 2, 0, 4, 2]
		]
	};
}
