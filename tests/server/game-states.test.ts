import { describe, expect, it } from 'vitest';
import { handedOut } from './fixtures';
import { L1, L2, TARGETS, classOn } from './support';
import { testServer } from './test-server';
import { HEARD_AGAIN_S } from '../../server/routes/game-states';

describe.each(TARGETS)('where handed-out games stand, on $name', (target) => {
	const server = testServer(target);
	const { call } = server;

	const report = (token: string | undefined, gameId: string, json: unknown, league = L1) =>
		call('PUT', `/api/leagues/${league}/games/${gameId}/state`, { token, json });
	const states = (token: string | undefined, after = 0) =>
		call('GET', `/api/leagues/${L1}/game-states?after=${after}`, { token });

	/** League L1 with two phones and one session handed out; its group's game id. */
	async function handedOutClass() {
		const made = await classOn(call, L1, 2);
		const session = await handedOut(L1, 'S1');
		await call('PUT', `/api/leagues/${L1}/groups/S1`, { token: made.instructor, json: session });
		return { ...made, gameId: session.groups[0]!.gameId };
	}

	it('tells the instructor that a group joined, plays, finished, and never goes back', async () => {
		const { instructor, devices, gameId } = await handedOutClass();
		const phone = devices[0]!.token;
		expect((await report(phone, gameId, { state: 'joined' })).status).toBe(200);
		const joined = await states(instructor);
		expect(joined.body.states).toEqual([{ gameId, state: 'joined', heardAt: expect.any(String) }]);
		await report(phone, gameId, { state: 'playing' });
		await report(phone, gameId, { state: 'joined' });
		const playing = await states(instructor, joined.body.next as number);
		expect((playing.body.states as { state: string }[]).map((s) => s.state)).toEqual(['playing']);
		await report(phone, gameId, { state: 'finished' });
		await report(phone, gameId, { state: 'playing' });
		const after = await states(instructor, playing.body.next as number);
		expect((after.body.states as { state: string }[]).map((s) => s.state)).toEqual(['finished']);
		const nothingNew = await states(instructor, after.body.next as number);
		expect(nothingNew.body).toEqual({ states: [], next: after.body.next, more: false });
	});

	it('hears the same state again once it is older than HEARD_AGAIN_S, not sooner', async () => {
		const { instructor, devices, gameId } = await handedOutClass();
		const phone = devices[0]!.token;
		await report(phone, gameId, { state: 'playing' });
		const first = await states(instructor);
		expect(first.body.states).toHaveLength(1);
		// Said again at once: nothing new (a phone saying it too often costs nothing).
		await report(phone, gameId, { state: 'playing' });
		expect((await states(instructor, first.body.next as number)).body.states).toEqual([]);
		// The last report now older than HEARD_AGAIN_S: the same state is heard again, later.
		await server.db.query(
			`update game_states set heard_at = heard_at - make_interval(secs => $1) where game_id = $2`,
			[HEARD_AGAIN_S + 1, gameId]
		);
		const before = await states(instructor);
		const wasHeard = Date.parse((before.body.states as { heardAt: string }[])[0]!.heardAt);
		await report(phone, gameId, { state: 'playing' });
		const again = await states(instructor, first.body.next as number);
		const [state] = again.body.states as { state: string; heardAt: string }[];
		expect(state?.state).toBe('playing');
		expect(Date.parse(state!.heardAt) - wasHeard).toBeGreaterThanOrEqual(HEARD_AGAIN_S * 1000);
		// An older state said again moves nothing back.
		await report(phone, gameId, { state: 'joined' });
		const last = await states(instructor);
		expect((last.body.states as { state: string }[]).map((s) => s.state)).toEqual(['playing']);
	});

	it('refuses a game not handed out, another league, a phone reading, and a bad state', async () => {
		const { instructor, devices, gameId } = await handedOutClass();
		const phone = devices[0]!.token;
		const unknown = await report(phone, 'c0ffee00-1234-4abc-8def-0123456789ab', {
			state: 'playing'
		});
		expect([unknown.status, unknown.body.error]).toEqual([404, 'server-not-found']);
		const other = await report(phone, gameId, { state: 'playing' }, L2);
		expect(other.status).toBe(403);
		const bad = await report(phone, gameId, { state: 'won' });
		expect([bad.status, bad.body.error]).toEqual([400, 'server-malformed']);
		const byInstructor = await report(instructor, gameId, { state: 'joined' });
		expect(byInstructor.status).toBe(403);
		const read = await states(phone);
		expect(read.status).toBe(403);
		expect((await states(instructor)).body.states).toEqual([]);
	});
});
