/**
 * The sync client against the real server in this process (PGlite in memory): the
 * instructor's device connects a league and pulls cards into its inbox; a phone joins with
 * the join code and pushes its signed cards once; a removed phone stops.
 */
import 'fake-indexeddb/auto';
import { freshPhoneFrom } from './fresh-phone';
import { sealedHere } from '$lib/class-loop/trust';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { db } from '$lib/db/db';
import * as groupCodes from '$lib/class-loop/group-codes';
import { inboxOf } from '../support/inbox-all';
import * as outbox from '$lib/db/outbox';
import * as receipts from '$lib/class-loop/receipts';
import * as sessions from '$lib/db/sessions';
import type { ReceivedCard } from '$lib/card/records';
import { call } from '$lib/sync/api';
import * as links from '$lib/sync/links';
import * as sync from '$lib/sync/sync';
import { sessionPayload } from '$lib/transfer/envelope';
import { cardPayload } from '$lib/transfer/envelope';
import type { Database } from '../../../server/core/db';
import { ADDRESS, inProcessServer } from './in-process-server';
import { leagueWith } from '../db/league-helpers';
import { signedCard } from '../transfer/fixtures';

const serverDb = inProcessServer();
let server: Database;
let leagueId: string;
let card: ReceivedCard;

beforeEach(async () => {
	server = serverDb();
	const made = await leagueWith(['Ana', 'Ben', 'Maria']);
	leagueId = made.leagueId;
	card = await signedCard([...made.students.values()], 2, { leagueId });
});

/** The card leaves this device, as if it were signed on a phone. */
async function forgetGames() {
	await db.transaction('rw', db.games, db.logs, db.gameSignatures, db.turnIns, async () => {
		await db.games.clear();
		await db.logs.clear();
		await db.gameSignatures.clear();
		await db.turnIns.clear();
	});
}

describe('the instructor’s device', () => {
	it('connects a league: the server holds its roster, and the link its tokens', async () => {
		const link = await sync.connect(ADDRESS, leagueId);
		expect(link).toMatchObject({ role: 'instructor', leagueId, pulled: 0 });
		expect(link.joinCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
		const roster = await server.query<{ name: string }>(
			'select name from players where league_id = $1 order by name',
			[leagueId]
		);
		expect(roster.map((r) => r.name)).toEqual(['Ana', 'Ben', 'Maria']);
		// Nothing changed: nothing pushed again.
		expect(await sync.pushLeague((await links.linkOf(leagueId)) ?? link)).toBe(false);
	});

	it('pulls the cards phones sent into the inbox, where they count, once', async () => {
		const link = await sync.connect(ADDRESS, leagueId);
		await forgetGames();
		const phone = await sync.join(ADDRESS, leagueId, link.joinCode ?? '', 'Group 1');
		await links.saveLink(link); // back to the instructor's link on this device
		// Signed by the key this device joined with, as the phone's own pushes are.
		const pushed = await fetchPush(phone.token, await sealedHere(cardPayload(card)));
		expect(pushed).toBe(201);
		expect(await sync.pullCards(link)).toBe(1);
		expect((await inboxOf(leagueId)).map((e) => e.state)).toEqual(['counted']);
		expect(await cards.counted(leagueId)).toHaveLength(1);
		const after = await links.linkOf(leagueId);
		expect(after?.pulled).toBe(1);
		expect(await sync.pullCards(after ?? link)).toBe(0);
	});
});

/** A phone's push with `token`: its status. */
async function fetchPush(token: string, json: unknown): Promise<number> {
	try {
		await call(ADDRESS, 'POST', `/api/leagues/${leagueId}/cards`, { token, json });
		return 201;
	} catch (e) {
		return (e as { status: number }).status;
	}
}

describe('a group phone', () => {
	it('joins with the code and pushes each signed card once, marked as sent and received', async () => {
		const instructor = await sync.connect(ADDRESS, leagueId);
		await links.forget(leagueId);
		const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
		expect(await receipts.unsent(leagueId)).toHaveLength(1);
		expect(await sync.pushCards(phone)).toBe(1);
		expect(await outbox.turnedIn(card.game)).toMatchObject({ how: 'server' });
		// The server's answer is the card's receipt: the phone no longer offers it by code.
		expect(await receipts.receiptOf(card.game)).toMatchObject({ leagueId });
		expect(await receipts.unsent(leagueId)).toEqual([]);
		expect(await sync.pushCards(phone)).toBe(0);
		const stored = await server.query('select game_id from cards');
		expect(stored).toEqual([{ game_id: card.game.id }]);
	});

	it('refuses a wrong join code and keeps no link', async () => {
		await sync.connect(ADDRESS, leagueId);
		await links.forget(leagueId);
		await expect(sync.join(ADDRESS, leagueId, 'AAAAA-AAAAA', 'Group 1')).rejects.toMatchObject({
			code: 'server-join-code'
		});
		expect(await links.links()).toEqual([]);
	});

	it('stops once the instructor removes it', async () => {
		const instructor = await sync.connect(ADDRESS, leagueId);
		await links.forget(leagueId);
		const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
		const [device] = await sync.devices(instructor);
		await sync.revoke(instructor, device?.id ?? '');
		await expect(sync.syncLink(phone)).rejects.toMatchObject({ code: 'server-revoked' });
		expect((await links.linkOf(leagueId))?.revoked).toBe(true);
		expect(await server.query('select game_id from cards')).toEqual([]);
	});
});

describe('groups handed out, online', () => {
	it('reach a phone, which picks its group with no code; an unchanged league is one 304', async () => {
		const everyone = (await db.players.where('leagueId').equals(leagueId).toArray()).map(
			(p) => p.id
		);
		const session = await sessions.create(leagueId, '2026-02-03');
		await sessions.setPresent(session.id, everyone);
		await sessions.arrange(session.id, [everyone]);
		await groupCodes.handOut(session.id);
		const instructor = await sync.connect(ADDRESS, leagueId);
		const published = await server.query<{ session_id: string }>('select session_id from handouts');
		expect(published).toEqual([{ session_id: session.id }]);
		// Nothing changed since: nothing pushed again.
		expect(await sync.pushLeague((await links.linkOf(leagueId)) ?? instructor)).toBe(false);

		await freshPhoneFrom(leagueId); // a fresh phone that took the league's invite
		const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
		expect(await sync.pullLeague(phone)).toBe(true);
		const held = await groupCodes.ofLeague(leagueId);
		expect(held.map((g) => [g.sessionId, [...g.players].sort(), g.takenAt])).toEqual([
			[session.id, [...everyone].sort(), null]
		]);
		const gameId = await groupCodes.pick(held[0]?.gameId ?? '');
		expect(await db.games.get(gameId)).toMatchObject({ leagueId, sessionId: session.id });
		const pulled = (await links.linkOf(leagueId)) ?? phone;
		expect(pulled.groupsPulled).toBeGreaterThan(0);
		expect(await sync.pullLeague(pulled)).toBe(false);
	});

	it('leaves out a session whose group codes do not match, and takes the rest', async () => {
		const instructor = await sync.connect(ADDRESS, leagueId);
		const everyone = (await db.players.where('leagueId').equals(leagueId).toArray()).map(
			(p) => p.id
		);
		const session = await sessions.create(leagueId, '2026-02-03');
		await sessions.setPresent(session.id, everyone);
		await sessions.arrange(session.id, [everyone]);
		const forged = sessionPayload(await groupCodes.handOut(session.id));
		forged.session.id = 'forged';
		await call(ADDRESS, 'PUT', `/api/leagues/${leagueId}/groups/forged`, {
			token: instructor.token,
			json: forged
		});
		await sync.pushLeague((await links.linkOf(leagueId)) ?? instructor);
		await freshPhoneFrom(leagueId);
		const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
		expect(await sync.pullGroups(phone)).toBe(1);
		expect((await groupCodes.ofLeague(leagueId)).map((g) => g.sessionId)).toEqual([session.id]);
	});
});
