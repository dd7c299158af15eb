import { describe, expect, it } from 'vitest';
import { said } from '../support/said';
import { RULESET_NOTES } from '$lib/rules/ruleset-notes';
import {
	describeDrawing,
	describeDrawingFor,
	describeGameEnd,
	describeHand,
	describePlayers,
	describeRuleset,
	describeScoring,
	describeTableFor,
	describeTiles,
	explainCount
} from '$lib/rules/describe';
import { RuleError } from '$lib/rules/errors';
import { getRuleset, RULESETS } from '$lib/rules/rulesets';
import { MAX_COUNT, MIN_COUNT, pointsForCount } from '$lib/rules/scoring';

const lines = (id: string) =>
	describeRuleset(getRuleset(id)).sections.flatMap((s) => s.lines.map((l) => `${s.id}: ${l}`));

describe('describeRuleset', () => {
	it.each(RULESETS.map((r) => [r.id, r] as const))(
		'describes %s in five sections of whole sentences',
		(_, r) => {
			const d = describeRuleset(r);
			expect(d.sections.map((s) => s.id)).toEqual(['table', 'play', 'hand', 'game', 'log']);
			for (const s of d.sections) {
				expect(s.lines.length).toBeGreaterThan(0);
				for (const line of s.lines) {
					expect(line).toMatch(/^[A-Z0-9].*[.)]$/);
					expect(line).not.toMatch(/undefined|NaN|null|\[object/);
				}
			}
		}
	);

	it.each(RULESETS.map((r) => [r.id, r] as const))(
		'lists exactly the counts that score under %s',
		(_, r) => {
			const expected = [];
			for (let c = MIN_COUNT; c <= MAX_COUNT; c++) {
				if (pointsForCount(r, c) > 0) expected.push({ count: c, points: pointsForCount(r, c) });
			}
			expect(describeRuleset(r).counts).toEqual(expected);
		}
	);

	it('ends every ruleset with the stopped-early rule', () => {
		for (const r of RULESETS) {
			expect(describeGameEnd(r).at(-1)).toBe(
				'Any game may be stopped early: the highest total then wins, and equal highest totals share the win.'
			);
		}
	});

	it('describes the classroom sheet from its data', () => {
		expect(lines('classroom')).toEqual(
			expect.arrayContaining([
				'table: Played by 2 to 4 players (3 or 4 is best), each for themselves.',
				'table: Each player draws 7 dominoes with 2 players, or 5 with 3 or 4 players.',
				'table: A player who cannot play draws from the boneyard until they can; when it is empty, they pass.',
				'play: When the count is a multiple of 5, the player who made it scores the count: 15 scores 15 points.',
				'play: Claim each score as you make it: if you miss one, an opponent may call “Muggins!” and take the points.',
				'hand: The player who went out wins the hand; if the hand blocked, the player with the fewest pips.',
				'hand: A tie for the fewest pips scores nothing.',
				'hand: The winner scores the opponents’ pips minus their own, rounded to the nearest 5, divided by 5.',
				'hand: Example: the hand blocks with the winner holding 3 pips and the others 5, 11 and 13: 5 + 11 + 13 − 3 = 26, rounded to 25, ÷ 5 = 5, so the winner scores 5 points.',
				'game: The game has no fixed end: it is played until it is stopped, for example when the class period ends.',
				'game: A points target (100, 150, 200 or 250) may be agreed before the start; then the first player to reach it wins at once.'
			])
		);
	});

	it('describes the UDL clock, match, timer, chips and penalties', () => {
		const udl = getRuleset('udl');
		expect(describePlayers(udl)).toBe('Played by 2 players.');
		expect(describeTiles(udl)).toBe('Each player draws 7 dominoes.');
		expect(describeHand(udl)).toContain(
			'The winner scores the opponent’s pips, rounded to the nearest 5.'
		);
		expect(describeHand(udl)).toContain(
			'Example: the hand blocks with the winner holding 3 pips and the opponent 13: 13 rounds to 15, so the winner scores 15 points.'
		);
		expect(describeGameEnd(udl)).toEqual([
			'The first player to reach 150 wins at once, even in the middle of a hand.',
			'Each game has a 15-minute clock. When time is up, the highest total wins; if the leaders are tied, overtime: the next player to score anything wins.',
			'A match is the best of 3 games and lasts at most 45 minutes.',
			'Each play must be made within 10 seconds.',
			'Scores are kept with chips: 30 chips of 5 points for each player, 150 in all.',
			'Referee penalties: the first slow play is a warning and the second disqualifies; passing when able to play disqualifies; a bogus play ends the game and the offender loses.',
			'Any game may be stopped early: the highest total then wins, and equal highest totals share the win.'
		]);
	});

	it('describes fives and threes: both divisors, one draw, own pips lost, fixed hands', () => {
		const r = getRuleset('fives-and-threes');
		expect(describeTiles(r)).toBe(
			'Each player draws 9 dominoes with 2 players, or 6 with 3 or 4 players.'
		);
		expect(describeDrawing(r.table.drawing)).toBe(
			'A player who cannot play draws one domino from the boneyard; when it is empty, they pass.'
		);
		expect(describeScoring(r)).toContain(
			'The player who made the count scores one point for each 5 when it is a multiple of 5, and one point for each 3 when it is a multiple of 3: 15 scores 3 + 5 = 8 points.'
		);
		expect(describeScoring(r)).toContain(
			'A score that is not claimed is lost; nobody may steal it.'
		);
		expect(describeHand(r)).toContain(
			'Nobody wins the hand: every player loses the pips left in their own hand.'
		);
		expect(describeGameEnd(r)[0]).toBe(
			'The game lasts 5 hands, or 7 or 11 if agreed before the start; the highest total wins.'
		);
	});

	it('describes block: no drawing, no play points, two bases, the lowest-domino tie-break', () => {
		const r = getRuleset('block');
		expect(describeDrawing(r.table.drawing)).toBe(
			'There is no drawing: a player who cannot play passes.'
		);
		expect(describeScoring(r)).toEqual([
			'No points are scored during play: points come only at the end of a hand.'
		]);
		const hand = describeHand(r);
		expect(hand).toContain(
			'The winner scores the opponents’ pips after going out, or the opponents’ pips minus their own when the hand blocked.'
		);
		expect(hand).toContain(
			'A tie for the fewest pips goes to whoever holds the single domino with the fewest pips (list the dominoes so the app can tell); otherwise it scores nothing.'
		);
		expect(hand.join(' ')).not.toContain('Points made during play');
		expect(describeGameEnd(r)[0]).toBe(
			'The game ends after the hand in which a player reaches 100 or more; the highest total wins. The target may be 200 instead, if agreed before the start.'
		);
	});

	it('describes edge muggins teams, the boneyard reserve and the lightest-side rule', () => {
		const r = getRuleset('edge-muggins');
		expect(describePlayers(r)).toBe(
			'Played by 2 to 4 players; 4 may play as two teams of two, partners sitting across from each other (seats 1 and 3 against 2 and 4).'
		);
		expect(describeDrawing(r.table.drawing)).toBe(
			'A player who cannot play draws until they can, but must leave 2 dominoes in the boneyard with 2 players, or 1 with 3 or 4 players; then they pass.'
		);
		expect(describeHand(r)).toContain(
			'The side with the fewest pips wins the hand, even if another side went out (partners add their pips together).'
		);
		expect(describeGameEnd(r)[0]).toBe(
			'The first side to reach 61 wins at once, even in the middle of a hand.'
		);
	});

	it('describes double-six awards in dominoes, times 5', () => {
		const hand = describeHand(getRuleset('double-six'));
		expect(hand).toContain('The player with the fewest dominoes left wins the hand.');
		expect(hand).toContain('The winner scores the opponent’s dominoes minus their own, times 5.');
		expect(hand).toContain(
			'Example: the hand blocks with the winner holding 1 domino and the opponent 3: 3 − 1 = 2, × 5 = 10, so the winner scores 10 points.'
		);
	});
});

describe('explainCount', () => {
	it.each([
		['classroom', 25, '25 is a multiple of 5: 25 points'],
		['classroom', 15, '15 is a multiple of 5: 15 points'],
		['classroom', 13, '13 is not a multiple of 5: no points'],
		['udl', 5, '5 is a multiple of 5: 5 points'],
		['edge-muggins', 25, '25 ÷ 5 = 5 points'],
		['edge-muggins', 5, '5 ÷ 5 = 1 point'],
		['edge-muggins', 13, '13 is not a multiple of 5: no points'],
		['fives-and-threes', 15, '15: 15 ÷ 5 = 3 and 15 ÷ 3 = 5: 8 points'],
		['fives-and-threes', 9, '9: 9 ÷ 3 = 3: 3 points'],
		['fives-and-threes', 10, '10: 10 ÷ 5 = 2: 2 points'],
		['fives-and-threes', 3, '3: 3 ÷ 3 = 1: 1 point'],
		['fives-and-threes', 13, '13 is not a multiple of 5 or of 3: no points'],
		['block', 15, 'Block scores no points during play'],
		['draw', 10, 'Draw scores no points during play']
	])('explains %s count %i as "%s"', (id, count, expected) => {
		expect(explainCount(getRuleset(id), count)).toBe(expected);
	});

	it.each(RULESETS.map((r) => [r.id, r] as const))(
		'ends with the points pointsForCount gives under %s, for every count',
		(_, r) => {
			for (let c = MIN_COUNT; c <= MAX_COUNT; c++) {
				const points = pointsForCount(r, c);
				const text = explainCount(r, c);
				if (r.scoring === 'none') expect(text).toBe(`${r.name} scores no points during play`);
				else if (points === 0) expect(text).toMatch(/: no points$/);
				else expect(text).toMatch(new RegExp(`\\b${points} points?$`));
			}
		}
	);

	it.each([0, 37, 2.5, -5])('refuses %s, which no layout can show', (count) => {
		expect(() => explainCount(getRuleset('classroom'), count)).toThrow(RuleError);
		expect(said(() => explainCount(getRuleset('classroom'), count))).toMatch(/not a count/);
	});
});

describe('describeDrawingFor', () => {
	it('names the one boneyard reserve that applies to the number of players', () => {
		const draw = getRuleset('draw').table.drawing;
		expect(describeDrawingFor(draw, 2)).toBe(
			'A player who cannot play draws from the boneyard until they can, but must leave 2 dominoes in it; then they pass.'
		);
		expect(describeDrawingFor(draw, 3)).toBe(
			'A player who cannot play draws from the boneyard until they can, but must leave 1 domino in it; then they pass.'
		);
	});

	it('falls back to the general rule where nothing is kept back', () => {
		for (const id of ['classroom', 'block', 'fives-and-threes']) {
			const drawing = getRuleset(id).table.drawing;
			expect(describeDrawingFor(drawing, 3)).toBe(describeDrawing(drawing));
		}
	});
});

describe('describeTableFor', () => {
	const text = (id: string, players: number) =>
		Object.fromEntries(describeTableFor(getRuleset(id), players).map((s) => [s.id, s.text]));

	it.each<[string, number, string]>([
		[
			'classroom',
			3,
			'Shuffle the 28 dominoes face down. Each player draws 5 dominoes; the other 13 stay face down as the boneyard.'
		],
		[
			'classroom',
			2,
			'Shuffle the 28 dominoes face down. Each player draws 7 dominoes; the other 14 stay face down as the boneyard.'
		],
		[
			'fives-and-threes',
			4,
			'Shuffle the 28 dominoes face down. Each player draws 6 dominoes; the other 4 stay face down as the boneyard.'
		],
		[
			'udl',
			2,
			'Shuffle the 28 dominoes face down. Each player draws 7 dominoes; the other 14 stay face down as the boneyard.'
		]
	])('deals %s for %i players', (id, players, deal) => {
		expect(text(id, players).deal).toBe(deal);
	});

	it('gives the deal, the lead, the spinner and drawing, in that order, from the data', () => {
		const r = getRuleset('edge-muggins');
		expect(describeTableFor(r, 4)).toEqual([
			{
				id: 'deal',
				title: 'Deal',
				text: 'Shuffle the 28 dominoes face down. Each player draws 5 dominoes; the other 8 stay face down as the boneyard.'
			},
			{ id: 'lead', title: 'Who leads', text: RULESET_NOTES[r.id].leads },
			{ id: 'spinner', title: 'Spinner', text: RULESET_NOTES[r.id].spinner },
			{
				id: 'drawing',
				title: 'Cannot play?',
				text: 'A player who cannot play draws from the boneyard until they can, but must leave 1 domino in it; then they pass.'
			}
		]);
	});

	it('describes every player count each ruleset allows in whole sentences', () => {
		for (const r of RULESETS) {
			for (let n = r.table.players.min; n <= r.table.players.max; n++) {
				for (const step of describeTableFor(r, n)) {
					expect(step.text).toMatch(/^[A-Z].*[.)]$/);
					expect(step.text).not.toMatch(/undefined|NaN|null/);
				}
			}
		}
	});

	it.each<[string, number, string]>([
		['udl', 3, 'UDL tournament is played by 2 players.'],
		['classroom', 1, 'Classroom Muggins is played by 2-4 players.'],
		['classroom', 5, 'Classroom Muggins is played by 2-4 players.']
	])('refuses %s with %i players', (id, players, why) => {
		expect(() => describeTableFor(getRuleset(id), players)).toThrow(
			expect.objectContaining({ code: 'player-count' })
		);
		expect(said(() => describeTableFor(getRuleset(id), players))).toBe(why);
		expect(() => describeTableFor(getRuleset(id), players)).toThrow(RuleError);
	});
});
