import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as sessions from '$lib/db/sessions';
import { groupNames, takeIn } from '$lib/league/take-in';
import { db } from '$lib/db/db';
import * as inbox from '$lib/db/inbox';
import { cardPayload } from '$lib/transfer/envelope';
import { sealed } from '$lib/transfer/sealed';
import { newSigner } from '../class-loop/owner-keys';
import { signedCard } from '../transfer/fixtures';
import { handOut } from '$lib/class-loop/group-codes';
import { at, resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';

beforeEach(resetDb);

describe('groupNames', () => {
	it('names each handed-out group’s game by its group and its session’s day', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Fay']);
		const ids = [...students.values()].map((p) => p.id);
		const first = await sessions.create(leagueId, '2026-11-24');
		await sessions.setPresent(first.id, ids);
		await sessions.arrange(first.id, [ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
		await handOut(first.id);
		const second = await sessions.create(leagueId, '2026-12-01');
		await sessions.setPresent(second.id, ids);
		await sessions.arrange(second.id, [ids.slice(0, 3), ids.slice(3)]);
		await sessions.startGame(second.id, 1);

		const games = (await sessions.get(first.id)).groups.map((g) => g.gameId as string);
		const later = (await sessions.get(second.id)).groups;
		expect(later[0]?.gameId).toBeNull();
		const laterGame = later[1]?.gameId as string;
		const asked = [
			...games.map((id) => ({ id, sessionId: first.id })),
			{ id: laterGame, sessionId: second.id },
			// Not a game of its session, a session not held, no session: no name.
			{ id: 'elsewhere', sessionId: first.id },
			{ id: 'gone', sessionId: 'no-such-session' },
			{ id: 'friendly', sessionId: null }
		];
		const names = await groupNames(leagueId, asked);
		expect(games.map((g) => names.get(g))).toEqual([
			'Group 1, Tue 24 Nov 2026',
			'Group 2, Tue 24 Nov 2026',
			'Group 3, Tue 24 Nov 2026'
		]);
		expect(names.get(laterGame)).toBe('Group 2, Tue 1 Dec 2026');
		expect(names.size).toBe(4);
	});

	it('names no game of another league’s session, whatever its card says', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const other = await leagueWith(['Cara', 'Dan'], 'Period 4');
		const ids = [...other.students.values()].map((p) => p.id);
		const theirs = await sessions.create(other.leagueId, '2026-11-24');
		await sessions.setPresent(theirs.id, ids);
		await sessions.arrange(theirs.id, [ids]);
		await handOut(theirs.id);
		const gameId = (await sessions.get(theirs.id)).groups[0]?.gameId as string;
		const asked = [{ id: gameId, sessionId: theirs.id }];
		expect((await groupNames(other.leagueId, asked)).get(gameId)).toBe('Group 1, Tue 24 Nov 2026');
		expect((await groupNames(leagueId, asked)).size).toBe(0);
	});
});

describe('takeIn (issue 37)', () => {
	it('takes a phone’s signed card into its place, named by the phone, and refuses a forged seal', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const card = await signedCard([...students.values()], 1, { leagueId });
		await db.games.clear();
		const phone = await newSigner();
		const signed = await sealed(cardPayload(card), phone);
		const forged = { ...signed, game: { ...signed.game, createdAt: at(7) } };
		const before = await db.inbox.count();
		await expect(takeIn(leagueId, forged)).rejects.toMatchObject({ code: 'trust-forged' });
		expect(await db.inbox.count()).toBe(before);

		const taken = await takeIn(leagueId, signed);
		expect(taken.said).toBe('Card received: it counts in the standings.');
		expect(taken.receipt?.seal?.key).not.toBe(phone.publicKey);
		expect((await inbox.list(leagueId))[0]).toMatchObject({
			state: 'counted',
			sentBy: 'Group 1’s phone'
		});
	});
});
