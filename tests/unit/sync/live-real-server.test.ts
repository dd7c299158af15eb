/**
 * Live games over the real server in this process (PGlite in memory, issue 40): a phone that
 * told the server it joined its group's game sends the entries it records; the instructor's
 * device hears them, by its stream and by asking, each once and in order.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import * as groupCodes from '$lib/class-loop/group-codes';
import * as sessions from '$lib/db/sessions';
import { reportGames } from '$lib/sync/game-states';
import { forgetHeard, liveGames, liveLinks } from '$lib/sync/live-heard';
import { forgetSent, sendLive } from '$lib/sync/live-send';
import { askLive, forgetAsked } from '$lib/sync/live-ask';
import { LiveStream } from '$lib/sync/live-stream';
import * as sync from '$lib/sync/sync';
import { leagueWith } from '../db/league-helpers';
import { freshPhoneFrom } from './fresh-phone';
import { ADDRESS, inProcessServer } from './in-process-server';

inProcessServer();
let leagueId: string;

beforeEach(async () => {
	forgetSent();
	forgetAsked();
	forgetHeard();
	leagueId = (await leagueWith(['Ana', 'Ben'])).leagueId;
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
	const start = Date.now();
	while (!check()) {
		if (Date.now() - start > ms) throw new Error('waited too long');
		await new Promise((r) => setTimeout(r, 20));
	}
}

it('a phone’s entries reach the instructor by asking and by the stream, each once, in order', async () => {
	const everyone = (await db.players.where('leagueId').equals(leagueId).toArray()).map((p) => p.id);
	const session = await sessions.create(leagueId, '2026-02-03');
	await sessions.setPresent(session.id, everyone);
	await sessions.arrange(session.id, [everyone]);
	await groupCodes.handOut(session.id);
	const instructor = await sync.connect(ADDRESS, leagueId);

	await freshPhoneFrom(leagueId);
	const phone = await sync.join(ADDRESS, leagueId, instructor.joinCode ?? '', 'Group 1');
	await sync.pullLeague(phone);
	const [group] = await groupCodes.ofLeague(leagueId);
	const gameId = await groupCodes.pick(group?.gameId ?? '');
	// Before the phone says it joined, the server holds no live copy of the game from it.
	await games.append(gameId, { type: 'score', player: everyone[0]!, count: 10 });
	expect(await sendLive(phone)).toBe(0);
	await reportGames(phone);
	expect(await sendLive(phone)).toBe(1);
	await games.append(gameId, { type: 'score', player: everyone[1]!, count: 15 });
	await games.append(gameId, { type: 'score', player: everyone[0]!, count: 5 });
	expect(await sendLive(phone)).toBe(2);
	// After a reload the phone starts again from the first entry: nothing is stored twice.
	forgetSent();
	expect(await sendLive(phone)).toBe(3);

	expect(await askLive(instructor)).toBe(1);
	expect(liveGames.get(gameId)?.events.map((e) => e.seq)).toEqual([1, 2, 3]);

	forgetHeard();
	let woken = 0;
	const stream = new LiveStream(instructor, { wake: () => woken++ });
	stream.start();
	try {
		await until(() => liveGames.get(gameId)?.events.length === 3);
		expect(liveLinks.get(leagueId)?.mode).toBe('live');
		await games.append(gameId, { type: 'score', player: everyone[1]!, count: 10 });
		await sendLive(phone);
		await until(() => liveGames.get(gameId)?.events.length === 4);
		expect(liveGames.get(gameId)?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
		expect(woken).toBeGreaterThan(0);
	} finally {
		stream.stop();
	}

	// The phone's own stream says only that the league changed: no live entry, no state.
	forgetHeard();
	let phoneWoken = 0;
	const phoneStream = new LiveStream(phone, { wake: () => phoneWoken++ });
	phoneStream.start();
	try {
		await until(() => phoneWoken > 0);
		expect(liveLinks.get(leagueId)?.mode).toBe('live');
		expect(liveGames.size).toBe(0);
	} finally {
		phoneStream.stop();
	}
});
