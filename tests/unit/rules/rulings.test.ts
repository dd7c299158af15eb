import { describe, expect, it } from 'vitest';
import { describeRuleset } from '$lib/rules/describe';
import { applyEvent, newGame, replay } from '$lib/rules/game';
import { getRuleset, RULESETS } from '$lib/rules/rulesets';
import { RULINGS, type Ruling } from '$lib/rules/rulings';
import type { GameSetup } from '$lib/rules/types';

const classroom: GameSetup = { ruleset: 'classroom', players: ['A', 'B'] };
const udl: GameSetup = { ruleset: 'udl', players: ['A', 'B'] };

/** For each ruling: a game, and the next entry the engine must refuse with `code`. */
const CASES: Record<Ruling['id'], () => void> = {
	'undo-later-first': () => {
		// Without the correction, Ana's 10 would have reached the target of 10 and ended the
		// game, so Ben's later count could not have been made: the undo is refused.
		const s = replay({ ...classroom, options: { target: 10 } }, [
			{ id: 'fix', type: 'adjust', player: 'A', points: -5, note: 'miscount' },
			{ id: 'a10', type: 'score', player: 'A', count: 10 },
			{ id: 'b5', type: 'score', player: 'B', count: 5 }
		]);
		expect(s.over).toBe(false);
		expect(() => applyEvent(s, { id: 'v', type: 'void', target: 'fix' })).toThrow(
			expect.objectContaining({ code: 'void-conflict' })
		);
		// Undoing the later entry first, then the correction, is accepted.
		const later = applyEvent(s, { id: 'v1', type: 'void', target: 'b5' });
		expect(applyEvent(later, { id: 'v2', type: 'void', target: 'fix' }).over).toBe(true);
	},
	'over-only-reopens': () => {
		const s = replay(classroom, [
			{ id: 's1', type: 'score', player: 'A', count: 5 },
			{ id: 'end', type: 'end' }
		]);
		expect(() => applyEvent(s, { id: 'x', type: 'score', player: 'B', count: 5 })).toThrow(
			expect.objectContaining({ code: 'game-over' })
		);
		expect(() => applyEvent(s, { id: 'v', type: 'void', target: 's1' })).toThrow(
			expect.objectContaining({ code: 'game-over' })
		);
		expect(applyEvent(s, { id: 'v', type: 'void', target: 'end' }).over).toBe(false);
	},
	'correction-counts-at-once': () => {
		// The engine's part: a correction needs a finished game and a reason, stays in the
		// card, and the winner follows the corrected totals (that it counts at once on a signed
		// card is the store's part, tested in tests/unit/db/corrections.test.ts).
		const playing = replay(classroom, [{ id: 's1', type: 'score', player: 'A', count: 10 }]);
		const fix = {
			id: 'c',
			type: 'correct',
			player: 'B',
			points: 15,
			note: 'missed count'
		} as const;
		expect(() => applyEvent(playing, fix)).toThrow(
			expect.objectContaining({ code: 'correct-while-playing' })
		);
		const over = applyEvent(playing, { id: 'end', type: 'end' });
		expect(over.winners).toEqual(['A']);
		expect(() => applyEvent(over, { ...fix, note: ' ' })).toThrow(
			expect.objectContaining({ code: 'note-required' })
		);
		const corrected = applyEvent(over, fix);
		expect([corrected.over, corrected.totals.B, corrected.winners]).toEqual([true, 15, ['B']]);
		// Withdrawn as it was made, after the end: the game stays over with its old winner.
		const withdrawn = applyEvent(corrected, { id: 'w', type: 'void', target: 'c' });
		expect([withdrawn.over, withdrawn.totals.B, withdrawn.winners]).toEqual([true, 0, ['A']]);
	},
	'refused-stays-refused': () => {
		let s = newGame(classroom);
		expect(
			() => (s = applyEvent(s, { id: 'bad', type: 'score', player: 'A', count: 7 }))
		).toThrow();
		expect(() => applyEvent(s, { id: 'v', type: 'void', target: 'bad' })).toThrow(
			expect.objectContaining({ code: 'void-unknown' })
		);
	},
	'time-up-once': () => {
		const s = replay(udl, [{ id: 'up', type: 'time-up' }]);
		expect(() => applyEvent(s, { id: 'up2', type: 'time-up' })).toThrow(
			expect.objectContaining({ code: 'time-already-up' })
		);
	},
	'named-settings-only': () => {
		for (const options of [{ speed: 3 }, { target: 61, handicap: 5 }] as object[]) {
			expect(() => newGame({ ...classroom, options } as GameSetup)).toThrow(
				expect.objectContaining({ code: 'option-not-used' })
			);
		}
		expect(() => newGame({ ...classroom, options: { rounds: 3 } })).toThrow(
			expect.objectContaining({ code: 'option-not-used' })
		);
	}
};

describe('the rulings on the Rules page (RULES.md §5)', () => {
	it.each(RULINGS.map((r) => [r.id, r] as const))('the engine keeps ruling %s', (id) => {
		CASES[id]();
	});

	it('shows every ruling that concerns a sheet on its page, and only those', () => {
		for (const r of RULESETS) {
			const lines = describeRuleset(r).sections.find((s) => s.id === 'log')?.lines ?? [];
			const expected = RULINGS.filter((x) => x.applies(r)).map((x) => x.text);
			expect(lines).toEqual(expected);
		}
		expect(describeRuleset(getRuleset('udl')).sections.at(-1)?.lines).toContain(
			'Time is called once a game: a second “time up” is refused.'
		);
		expect(describeRuleset(getRuleset('classroom')).sections.at(-1)?.lines.join(' ')).not.toContain(
			'time up'
		);
	});
});
