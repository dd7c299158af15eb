import { describe, expect, it } from 'vitest';
import { applyEvent, newGame, replay } from '$lib/rules/game';
import { previewPenalty } from '$lib/rules/penalty';
import type { GameSetup, PenaltyKind } from '$lib/rules/types';

const udl: GameSetup = { ruleset: 'udl', players: ['A', 'B'] };
const names: Record<string, string> = { A: 'Ana', B: 'Ben' };
const namers = { name: (p: string) => names[p] ?? p, sideName: (s: string) => names[s] ?? s };

describe('previewPenalty', () => {
	it.each<[string, PenaltyKind, boolean, boolean, string]>([
		[
			'a first slow play',
			'slow-play',
			false,
			false,
			'First slow play for Ana: a warning. A second slow play in this game disqualifies Ana.'
		],
		[
			'a drawing player who could play',
			'passed-could-play',
			false,
			true,
			'Drawing while holding a play disqualifies Ana. Ben wins the game.'
		],
		[
			'a drawing player who could play, in a match',
			'passed-could-play',
			true,
			true,
			'Drawing while holding a play disqualifies Ana. Ben wins the game and the match.'
		],
		[
			'a bogus play',
			'bogus-play',
			true,
			true,
			'A bogus play ends the game and Ana loses it: Ben wins the game.'
		]
	])('says what %s does', (_, kind, inMatch, ends, text) => {
		expect(previewPenalty(newGame(udl), 'A', kind, namers, inMatch)).toEqual({ ends, text });
	});

	it('disqualifies on the second slow play, as the engine does', () => {
		const warned = replay(udl, [{ id: 'p1', type: 'penalty', player: 'A', kind: 'slow-play' }]);
		expect(warned).toMatchObject({ over: false, warnings: { A: 1 } });
		expect(previewPenalty(warned, 'A', 'slow-play', namers, true)).toEqual({
			ends: true,
			text: 'Second slow play for Ana: Ana is disqualified. Ben wins the game and the match.'
		});
		const out = applyEvent(warned, { id: 'p2', type: 'penalty', player: 'A', kind: 'slow-play' });
		expect(out).toMatchObject({ over: true, winners: ['B'], endCause: 'disqualified' });
	});

	it('leaves the game it is given as it was', () => {
		const s = newGame(udl);
		previewPenalty(s, 'B', 'bogus-play', namers);
		expect(s.over).toBe(false);
	});

	it('throws the engine refusal when the game is over', () => {
		const over = replay(udl, [{ id: 'x', type: 'end' }]);
		expect(() => previewPenalty(over, 'A', 'slow-play', namers)).toThrow(
			expect.objectContaining({ code: 'game-over' })
		);
	});
});
