import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CARD_FORMAT, type Card } from '$lib/rules/card';
import {
	canonicalCard,
	fingerprint,
	sha256Hex,
	SHORT_PATTERN,
	shortFingerprint
} from '$lib/rules/fingerprint';
import type { GameEvent } from '$lib/rules/types';

const at = (m: number) => new Date(Date.UTC(2026, 0, 12, 9, m)).toISOString();

/** A short classroom game: three scores, a steal, a hand, an undo, and the end of class. */
function card(): Card {
	const events: GameEvent[] = [
		{ id: 'e1', type: 'score', player: 'ana', count: 15 },
		{ id: 'e2', type: 'score', player: 'ben', count: 10 },
		{ id: 'e3', type: 'muggins', by: 'ben', from: 'ana', count: 10 },
		{ id: 'e4', type: 'score', player: 'cara', count: 5 },
		{ id: 'e5', type: 'void', target: 'e4' },
		{
			id: 'e6',
			type: 'hand-end',
			outcome: 'domino',
			wentOut: 'ana',
			hands: { ben: { pips: 9, tiles: 2 }, cara: { pips: 12, tiles: 3 } },
			spinner: '5-5'
		},
		{ id: 'e7', type: 'end', reason: 'Class is over' }
	];
	return {
		format: CARD_FORMAT,
		game: 'g-1',
		ruleset: 'classroom',
		options: { target: null },
		players: ['ana', 'ben', 'cara'],
		sides: null,
		league: null,
		session: null,
		createdAt: at(0),
		events: events.map((event, i) => ({ event, at: at(i + 1) }))
	};
}

/** The card with its keys built in another order, as another device or engine might. */
function reversedKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(reversedKeys);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value)
			.reverse()
			.map(([k, v]) => [k, reversedKeys(v)])
	);
}

describe('sha256Hex', () => {
	it.each([
		['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
		['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
		['é', createHash('sha256').update('é', 'utf8').digest('hex')]
	])('hashes %j as UTF-8', async (text, hex) => {
		expect(await sha256Hex(text)).toBe(hex);
	});
});

describe('fingerprint', () => {
	it('is SHA-256 of the canonical card, as any other SHA-256 computes it', async () => {
		const text = canonicalCard(card());
		expect(await fingerprint(card())).toBe(createHash('sha256').update(text).digest('hex'));
	});

	it('is the same for the same game whatever the key order', async () => {
		const shuffled = reversedKeys(card()) as Card;
		expect(JSON.stringify(shuffled)).not.toBe(JSON.stringify(card()));
		expect(await fingerprint(shuffled)).toBe(await fingerprint(card()));
	});

	it('is the same after a trip through JSON and undefined fields (another device, a file)', async () => {
		const travelled = JSON.parse(JSON.stringify(card())) as Card;
		const withUndefined = { ...card(), options: { target: null, rounds: undefined } };
		expect(await fingerprint(travelled)).toBe(await fingerprint(card()));
		expect(await fingerprint(withUndefined)).toBe(await fingerprint(card()));
	});

	it('never changes for a given card (cards signed today must verify next year)', async () => {
		expect(await fingerprint(card())).toBe(
			'171816dc2cb8c97760a9041012aa5605172898b0957c6a10850a51165d4ea7ef'
		);
	});

	it.each<[string, (c: Card) => void]>([
		['a count', (c) => Object.assign(c.events[0]!.event, { count: 20 })],
		['a player', (c) => Object.assign(c.events[1]!.event, { player: 'cara' })],
		['a held hand', (c) => Object.assign(c.events[5]!.event, { wentOut: 'ben' })],
		['an undo target', (c) => Object.assign(c.events[4]!.event, { target: 'e3' })],
		['the time of an event', (c) => (c.events[2]!.at = at(59))],
		['the order of two events', (c) => c.events.reverse()],
		['an event removed', (c) => c.events.splice(3, 2)],
		['an event added', (c) => c.events.push({ event: { id: 'x', type: 'time-up' }, at: at(9) })],
		['the seats', (c) => c.players.reverse()],
		['the options', (c) => (c.options = { target: 150 })],
		['the league', (c) => (c.league = 'period-3')],
		['the game id', (c) => (c.game = 'g-2')]
	])('changes when %s changes', async (_, change) => {
		const changed = card();
		change(changed);
		expect(await fingerprint(changed)).not.toBe(await fingerprint(card()));
	});
});

describe('shortFingerprint', () => {
	it('writes the first 40 bits in Crockford base 32, in two groups of four', () => {
		expect(shortFingerprint('0'.repeat(64))).toBe('0000-0000');
		expect(shortFingerprint('f'.repeat(64))).toBe('ZZZZ-ZZZZ');
		// 0x0123456789 = 4886718345 = 0 4 H M A S W 9 in base 32 (digits 0 4 17 20 10 25 28 9).
		expect(shortFingerprint(`0123456789${'0'.repeat(54)}`)).toBe('04HM-ASW9');
	});

	it('uses only characters that cannot be misread (no I, L, O, U)', async () => {
		for (let i = 0; i < 50; i++) {
			const short = shortFingerprint(await sha256Hex(`card ${i}`));
			expect(short).toMatch(SHORT_PATTERN);
			expect(short).not.toMatch(/[ILOU]/);
		}
	});

	it('refuses what is not a fingerprint', () => {
		expect(() => shortFingerprint('abc')).toThrow(/not a SHA-256 fingerprint/);
		expect(() => shortFingerprint('G'.repeat(64))).toThrow();
	});
});
