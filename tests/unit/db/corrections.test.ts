import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as cards from '$lib/db/cards';
import { correct } from '$lib/db/corrections';
import * as games from '$lib/db/games';
import * as signatures from '$lib/db/signatures';
import { expectCode, resetDb } from './helpers';
import { leagueWith, playGame, signForTest } from './league-helpers';

beforeEach(resetDb);

describe('correct', () => {
	it('corrects a signed card: reopened for signing, the correction in its log, the winner recomputed', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
		const id = await playGame(leagueId, [ana, ben], [20, 15]);
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([id]);

		await correct(id, { player: ben.id, points: 10, note: ' A 10 was missed on hand 1 ' });

		const { record, state, events } = await games.get(id);
		expect(record.signedAt).toBeNull();
		expect(state.totals).toMatchObject({ [ana.id]: 20, [ben.id]: 25 });
		expect(state.winners).toEqual([ben.id]);
		expect(state.hands.at(-1)?.adjust[ben.id]).toBe(10);
		expect(events.at(-1)?.event).toMatchObject({
			type: 'correct',
			player: ben.id,
			points: 10,
			note: 'A 10 was missed on hand 1'
		});
		// Until the players sign again the card does not count; their old signatures are set aside.
		expect(await cards.counted(leagueId)).toEqual([]);
		const kept = await signatures.list(id);
		expect(kept.every((s) => s.setAsideReason === 'Corrected: A 10 was missed on hand 1')).toBe(
			true
		);

		await signForTest(id);
		expect((await cards.counted(leagueId))[0]).toMatchObject({ winners: [ben.id] });
	});

	it.each([
		['zero points', 0, 'Miscount', 'bad-points'],
		['no reason', 5, '   ', 'note-required']
	])('refuses %s and leaves the signed card as it was', async (_what, points, note, code) => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const id = await playGame(leagueId, [students.get('Ana')!, students.get('Ben')!], [20, 15]);
		await expectCode(correct(id, { player: students.get('Ben')!.id, points, note }), code);
		expect((await games.get(id)).record.signedAt).not.toBeNull();
		expect((await cards.counted(leagueId)).map((c) => c.gameId)).toEqual([id]);
	});

	it('refuses a game still being played', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
		const [ana, ben] = [students.get('Ana')!, students.get('Ben')!];
		const game = await games.create({ players: [{ id: ana.id }, { id: ben.id }], leagueId });
		await expectCode(
			correct(game.id, { player: ana.id, points: 5, note: 'Miscount' }),
			'correct-while-playing'
		);
	});
});
