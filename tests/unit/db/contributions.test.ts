import { describe, expect, it } from 'vitest';
import { changeOf, editPages, PAGES, pageOf, pagesOf, readPage } from '$lib/db/contributions';
import type { GameRecord } from '$lib/db/records';
import { at } from './helpers';

describe('the pure part', () => {
	const game = (id: string, fields: Partial<GameRecord> = {}): GameRecord => ({
		id,
		rulesetId: 'classroom',
		options: {},
		seats: ['a', 'b'],
		sides: null,
		status: 'finished',
		createdAt: at(0),
		updatedAt: at(40),
		finishedAt: at(40),
		leagueId: 'L',
		sessionId: null,
		deviceId: 'd',
		voidedAt: null,
		voidReason: null,
		signedAt: at(50),
		fingerprint: 'f'.repeat(64),
		result: {
			ruleset: 'classroom',
			players: ['a', 'b'],
			sides: [
				{ label: 'a', players: ['a'], total: 20 },
				{ label: 'b', players: ['b'], total: 5 }
			],
			winners: ['a'],
			hands: 3,
			endCause: 'end',
			finishedAt: at(40)
		},
		...fields
	});

	it('spreads ids over every page, the same id always on the same page', () => {
		const used = new Set(Array.from({ length: 5000 }, () => pageOf(crypto.randomUUID())));
		expect(used.size).toBe(PAGES);
		expect(pageOf('g1')).toBe(pageOf('g1'));
	});

	it('keeps only what the standings read, for cards that count', () => {
		expect(pagesOf([game('g1')]).map((p) => ({ ...p, cards: readPage(p) }))).toEqual([
			{
				leagueId: 'L',
				page: pageOf('g1'),
				cards: [
					{
						gameId: 'g1',
						sessionId: null,
						endedAt: at(40),
						sides: [
							{ label: 'a', players: ['a'], total: 20 },
							{ label: 'b', players: ['b'], total: 5 }
						],
						winners: ['a']
					}
				]
			}
		]);
		expect(pagesOf([game('q', { leagueId: null }), game('v', { voidedAt: at(60) })])).toEqual([]);
		expect(pagesOf([game('u', { signedAt: null, fingerprint: null, result: null })])).toEqual([]);
	});

	it('moves a card between leagues and empties the page it left', () => {
		const [page] = pagesOf([game('g1')]);
		const change = changeOf('g1', game('g1'), game('g1', { leagueId: 'M' }));
		expect(editPages([page!], [change!])).toEqual({
			put: [{ ...page, leagueId: 'M' }],
			emptied: [['L', pageOf('g1')]]
		});
		expect(changeOf('g1', game('g1', { leagueId: null }), undefined)).toBeNull();
	});
});
