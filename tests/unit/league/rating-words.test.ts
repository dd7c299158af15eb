import { describe, expect, it } from 'vitest';
import { ratingShown, stepSentence } from '$lib/league/rating-words';
import { ratings, type RatingStep } from '$lib/rules/insights/ratings';
import { card } from '../rules/insights/cards';

const step = (over: Partial<RatingStep>): RatingStep => ({
	gameId: 'g',
	date: '2026-01-10',
	result: 'won',
	before: 50,
	after: 54,
	opposition: 'similar',
	...over
});

describe('stepSentence', () => {
	it.each<[Partial<RatingStep>, string]>([
		[{ opposition: 'stronger', before: 50.2, after: 54.4 }, 'Won against stronger players: up 4'],
		[{ result: 'shared', after: 51 }, 'Shared the win with players at your level: up 1'],
		[{ result: 'lost', opposition: 'weaker', after: 47 }, 'Lost to players rated lower: down 3'],
		[{ result: 'lost', before: 50.4, after: 49.6 }, 'Lost to players at your level: no change']
	])('%j → %s', (over, sentence) => {
		expect(stepSentence(step(over))).toBe(sentence);
	});
});

describe('ratingShown', () => {
	it('says "it needs 5 games" and shows no number while the rating is new', () => {
		const few = ratings([card('g1', '2026-01-10', { Ana: 30, Ben: 10 })]);
		expect(ratingShown(few.get('Ana'))).toMatchObject({ value: null, steps: [] });
		expect(ratingShown(few.get('Ana')).note).toMatch(/^It needs 5 games \(1 played\)/);
		expect(ratingShown(undefined).note).toMatch(/^It needs 5 games \(0 played\)/);
	});

	it('shows the number from the fifth game, and each game’s move, the latest first', () => {
		const five = Array.from({ length: 5 }, (_, i) =>
			card(`g${i}`, `2026-01-1${i}`, { Ana: 30, Ben: 10 })
		);
		const shown = ratingShown(ratings(five).get('Ana'));
		expect(shown.value).toBeGreaterThan(50);
		expect(shown.steps.map((s) => s.gameId)).toEqual(['g4', 'g3', 'g2', 'g1', 'g0']);
		expect(shown.steps[0]!.after).toBe(shown.value);
		expect(shown.steps.at(-1)!.sentence).toMatch(/^Won against players at your level: up \d+$/);
	});
});
