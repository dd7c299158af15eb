import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handOut } from '$lib/class-loop/group-codes';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as outbox from '$lib/db/outbox';
import * as sessions from '$lib/db/sessions';
import { sessionView, type SessionView } from '$lib/league/views';
import { followQuery } from '$lib/state/live-query';
import { resetDb } from '../db/helpers';
import { leagueWith, signForTest } from '../db/league-helpers';

beforeEach(resetDb);

const subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => subscriptions.splice(0).forEach((s) => s.unsubscribe()));

/**
 * A session of two groups handed out to their phones, and group 1's card as its phone turns it
 * in: played and signed here, then taken off this device, as if it had been played elsewhere.
 */
async function handedOutWithCard() {
	const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan']);
	const ids = [...students.values()].map((p) => p.id);
	const session = await sessions.create(leagueId, '2026-01-12');
	await sessions.setPresent(session.id, ids);
	await sessions.arrange(session.id, [ids.slice(0, 2), ids.slice(2)]);
	await handOut(session.id);
	const gameId = (await sessions.get(session.id)).groups[0]?.gameId as string;
	const seats = ids.slice(0, 2).map((id) => ({ id }));
	await games.create({ id: gameId, players: seats, leagueId, sessionId: session.id });
	await games.append(gameId, { type: 'score', player: ids[0] as string, count: 20 });
	await games.append(gameId, { type: 'end' });
	await signForTest(gameId);
	const card = await outbox.cardOf(gameId);
	await db.transaction('rw', [db.games, db.logs, db.gameSignatures], async () => {
		await db.games.delete(gameId);
		await db.logs.delete(gameId);
		await db.gameSignatures.delete(gameId);
	});
	return { leagueId, sessionId: session.id, card };
}

describe('followQuery with readsAfterWaits', () => {
	// The session page's query reads its session, then (after that wait) each group's game,
	// signatures and inbox entries: every one of those reads must be watched.
	it('hears of a card received for a handed-out group while the session page is open', async () => {
		const { leagueId, sessionId, card } = await handedOutWithCard();
		const seen: string[] = [];
		const shown = (v: SessionView) => `${v.groups[0]?.status}, received: ${v.groups[0]?.received}`;
		const observer = {
			next: (v: SessionView) => seen.push(shown(v)),
			error: (e: unknown) => seen.push(`error: ${String(e)}`)
		};
		subscriptions.push(followQuery(sessionView, sessionId, observer, { readsAfterWaits: true }));
		await expect.poll(() => seen).toEqual(['handed-out, received: false']);
		expect((await inbox.receive(leagueId, card)).state).toBe('counted');
		await expect.poll(() => seen.at(-1)).toBe('signed, received: true');
	});
});
