/**
 * A group phone sends its handed-out games as they are played (issue 40), against a server
 * that answers as the contract says (`live-server-fake.ts`): in order, at most 100 entries a
 * message, sealed by the phone; from where the server says after a gap; nothing twice and
 * nothing lost across a time offline; quick games and signed or voided cards never.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import { deviceKey } from '$lib/db/device-key';
import * as games from '$lib/db/games';
import type { EventRecord } from '$lib/card/records';
import type { PlayerRecord } from '$lib/card/records';
import { useFetch } from '$lib/sync/api';
import type { ServerLink } from '$lib/sync/links';
import { forgetSent, sendLive } from '$lib/sync/live-send';
import { at, resetDb, logOf } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';
import { handedOutGroup } from '../transfer/fixtures';
import { fakeLiveServer, type FakeLive } from './live-server-fake';

let server: FakeLive;
let leagueId: string;
let players: PlayerRecord[];
let link: ServerLink;

beforeEach(async () => {
	await resetDb();
	forgetSent();
	server = fakeLiveServer();
	useFetch(server.fetch);
	const made = await leagueWith(['Ana', 'Ben']);
	leagueId = made.leagueId;
	players = [...made.students.values()];
	link = {
		leagueId,
		address: 'https://scores.example.school',
		role: 'device',
		token: 'phone-token',
		joinCode: null,
		joinCodeExpiresAt: null,
		pulled: 0,
		pushedDigest: null,
		revoked: false
	};
});

/** A game of the league handed out to this phone's group. */
async function handedOutGame(): Promise<string> {
	const place = await handedOutGroup(leagueId, players);
	const game = await games.create({
		id: place.gameId,
		sessionId: place.sessionId,
		players: players.map((p) => ({ id: p.id })),
		leagueId,
		now: at(1)
	});
	return game.id;
}

/** Records `n` counts of 5 in game `gameId`, the players taking turns. */
async function record(gameId: string, n: number): Promise<void> {
	for (let i = 0; i < n; i++) {
		await games.append(gameId, { type: 'score', player: players[i % 2]!.id, count: 5 });
	}
}

/**
 * Stores `n` entries in game `gameId`'s log at once, after those it has (a long backlog: what
 * the sender reads is the table, however the entries came there).
 */
async function storeMany(gameId: string, n: number): Promise<void> {
	const from = (await logOf(gameId)).length + 1;
	const rows: EventRecord[] = Array.from({ length: n }, (_, i) => ({
		gameId,
		seq: from + i,
		event: { id: crypto.randomUUID(), type: 'score', player: players[i % 2]!.id, count: 5 },
		at: at(2),
		deviceId: 'phone',
		redoOf: null
	}));
	await db.logs.put({ gameId, events: [...(await logOf(gameId)), ...rows] });
}

/** The server holds exactly the phone's log of `gameId`: every entry, once, in order. */
async function expectSameLog(gameId: string): Promise<void> {
	const held = server.held.get(gameId) ?? [];
	const log = await logOf(gameId);
	expect(held.map((e) => e.seq)).toEqual(log.map((e) => e.seq));
	expect(held.map((e) => e.event.id)).toEqual(log.map((e) => e.event.id));
}

describe('sendLive', () => {
	it('sends a game’s entries in order, sealed with the phone’s key, and nothing again', async () => {
		const gameId = await handedOutGame();
		await record(gameId, 3);
		expect(await sendLive(link)).toBe(3);
		await expectSameLog(gameId);
		expect(server.signers).toEqual(new Set([(await deviceKey()).publicKey]));
		expect(await sendLive(link)).toBe(0);
		expect(server.posts).toHaveLength(1);
		await record(gameId, 2);
		expect(await sendLive(link)).toBe(2);
		expect(server.posts.at(-1)).toMatchObject({ first: 4, last: 5 });
		await expectSameLog(gameId);
	});

	it('sends a backlog of 250 entries in batches of at most 100, one after another', async () => {
		const gameId = await handedOutGame();
		await storeMany(gameId, 250);
		expect(await sendLive(link)).toBe(250);
		expect(server.posts.map((p) => [p.first, p.last])).toEqual([
			[1, 100],
			[101, 200],
			[201, 250]
		]);
		await expectSameLog(gameId);
	});

	it('sends again from where the server says after a gap (it lost what it held)', async () => {
		const gameId = await handedOutGame();
		await record(gameId, 4);
		await sendLive(link);
		server.held.clear();
		await record(gameId, 1);
		expect(await sendLive(link)).toBe(5);
		expect(server.posts.slice(1).map((p) => [p.first, p.last])).toEqual([
			[5, 5],
			[1, 5]
		]);
		await expectSameLog(gameId);
	});

	it('keeps what it could not send while offline and sends it all, in order, once back', async () => {
		const gameId = await handedOutGame();
		await record(gameId, 2);
		await sendLive(link);
		server.offline = true;
		await record(gameId, 3);
		await expect(sendLive(link)).rejects.toMatchObject({ code: 'sync-unreachable' });
		await record(gameId, 2);
		await expect(sendLive(link)).rejects.toMatchObject({ code: 'sync-unreachable' });
		server.offline = false;
		expect(await sendLive(link)).toBe(5);
		expect(server.posts.at(-1)).toMatchObject({ first: 3, last: 7 });
		await expectSameLog(gameId);
	});

	it('starts from the first entry after a reload, and the server keeps each once', async () => {
		const gameId = await handedOutGame();
		await record(gameId, 3);
		await sendLive(link);
		forgetSent();
		await record(gameId, 1);
		expect(await sendLive(link)).toBe(4);
		expect(server.posts.at(-1)).toMatchObject({ first: 1, last: 4 });
		await expectSameLog(gameId);
	});

	it('waits while the server does not hold the game as this phone’s, then sends it all', async () => {
		const gameId = await handedOutGame();
		await record(gameId, 2);
		server.notYours.add(gameId);
		expect(await sendLive(link)).toBe(0);
		server.notYours.delete(gameId);
		expect(await sendLive(link)).toBe(2);
		await expectSameLog(gameId);
	});

	it('never sends a quick game, a game outside a session, or a signed or voided card', async () => {
		const quick = await games.create({ players: players.map((p) => ({ id: p.id })) });
		const unplaced = await games.create({ players: players.map((p) => ({ id: p.id })), leagueId });
		const signed = await handedOutGame();
		const voided = await handedOutGame();
		for (const id of [quick.id, unplaced.id, signed, voided]) await record(id, 1);
		await db.games.update(signed, { signedAt: at(9) });
		await db.games.update(voided, { voidedAt: at(9), voidReason: 'test' });
		expect(await sendLive(link)).toBe(0);
		expect(server.posts).toEqual([]);
	});

	it('sends nothing from the instructor’s device', async () => {
		const gameId = await handedOutGame();
		await record(gameId, 1);
		expect(await sendLive({ ...link, role: 'instructor' })).toBe(0);
		expect(server.posts).toEqual([]);
	});
});
