import { describe, expect, it } from 'vitest';
import type { MatchStanding } from '$lib/rules/match';
import { replay } from '$lib/rules/game';
import type { GameEvent } from '$lib/rules/types';
import { gameOutcome, matchResult, versus } from '../../../../../src/routes/game/[id]/match-words';

const names: Record<string, string> = { A: 'Ana', B: 'Ben' };
const sideName = (s: string) => names[s] ?? s;
const sides = ['A', 'B'];

function standing(over: Partial<MatchStanding>): MatchStanding {
	return {
		wins: { A: 0, B: 0 },
		points: { A: 0, B: 0 },
		playing: null,
		over: true,
		winner: null,
		decidedBy: null,
		timeUp: false,
		next: null,
		...over
	};
}

describe('versus', () => {
	it('puts the two sides around their scores, in seat order', () => {
		expect(versus(sides, { A: 1, B: 0 }, sideName)).toBe('Ana 1 – 0 Ben');
	});
});

describe('gameOutcome', () => {
	const udl = { ruleset: 'udl' as const, players: ['A', 'B'] };
	it.each<[string, GameEvent[], string]>([
		['a game in play', [], 'in play'],
		['a game in overtime', [{ id: 't', type: 'time-up' }], 'in play, overtime'],
		[
			'a game won at time-up',
			[
				{ id: 's', type: 'score', player: 'B', count: 5 },
				{ id: 't', type: 'time-up' }
			],
			'won by Ben (time up)'
		],
		['a game stopped tied', [{ id: 'e', type: 'end' }], 'shared (stopped)']
	])('describes %s', (_, events, text) => {
		expect(gameOutcome(replay(udl, events), sideName)).toBe(text);
	});
});

describe('matchResult', () => {
	it.each<[string, Partial<MatchStanding>, string | null]>([
		['nothing while the match goes on', { over: false }, null],
		[
			'the games won',
			{ winner: 'A', decidedBy: 'games', wins: { A: 2, B: 1 } },
			'Ana wins the match 2–1.'
		],
		[
			'a disqualification',
			{ winner: 'B', decidedBy: 'disqualified', wins: { A: 0, B: 1 } },
			'Ben wins the match: Ana was disqualified.'
		],
		[
			'the games won when time ran out',
			{ winner: 'B', decidedBy: 'games', wins: { A: 0, B: 1 }, timeUp: true },
			'Match time is up: Ben wins the match 1–0.'
		],
		[
			'the points tie-break',
			{
				winner: 'A',
				decidedBy: 'points',
				wins: { A: 1, B: 1 },
				points: { A: 190, B: 145 },
				timeUp: true
			},
			'Match time is up: Ana wins the match on points, 190 to 145 (games 1–1).'
		],
		['a tie', {}, 'The match is tied on games and points; the referee decides.']
	])('gives %s', (_, partial, text) => {
		expect(matchResult(standing(partial), sides, sideName)).toBe(text);
	});
});
