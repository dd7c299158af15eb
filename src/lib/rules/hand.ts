import { bare } from './bare';
import { RuleError } from './errors';
import { round5 } from './scoring';
import type {
	AwardBasis,
	AwardWorking,
	HandEnd,
	HandRule,
	PlayerId,
	Ruleset,
	Settlement,
	Side,
	SideHeld,
	SideLabel
} from './types';

/** A whole double-six set. */
export const SET_TILES = 28;
export const SET_PIPS = 168;

/** A domino as its two halves, lower first. */
export type Domino = readonly [number, number];

/**
 * Reads a domino written like "6-4" (either order, spaces allowed).
 * @throws RuleError `bad-domino`
 */
export function parseDomino(text: unknown): Domino {
	const m = typeof text === 'string' ? /^\s*([0-6])\s*-\s*([0-6])\s*$/.exec(text) : null;
	if (!m) throw new RuleError('bad-domino', { domino: String(text) });
	const a = Number(m[1]);
	const b = Number(m[2]);
	return a <= b ? [a, b] : [b, a];
}

/** How a domino is written on the card: higher half first, like "6-4". */
export function dominoName([a, b]: Domino): string {
	return `${b}-${a}`;
}

/** Every domino of a double-six set, 0-0 … 6-6. */
export const ALL_DOMINOES: readonly Domino[] = Array.from({ length: 7 }, (_, a) =>
	Array.from({ length: 7 - a }, (_, i) => [a, a + i] as const)
).flat();

interface PlayerHeld {
	pips: number;
	tiles: number;
	/** Lowest single domino, when the player's dominoes were listed. */
	lowest: number | null;
}

function isWhole(n: unknown): n is number {
	return typeof n === 'number' && Number.isInteger(n);
}

function readPlayerHand(player: PlayerId, input: unknown, seen: Set<string>): PlayerHeld {
	if (typeof input !== 'object' || input === null)
		throw new RuleError('hand-missing-player', { player });
	const entry = input as { pips?: unknown; tiles?: unknown; dominoes?: unknown };
	if (entry.dominoes !== undefined) {
		if (!Array.isArray(entry.dominoes))
			throw new RuleError('bad-domino', { domino: String(entry.dominoes) });
		let pips = 0;
		let lowest: number | null = null;
		for (const text of entry.dominoes) {
			const d = parseDomino(text);
			const key = dominoName(d);
			if (seen.has(key)) throw new RuleError('domino-repeated', { domino: key });
			seen.add(key);
			pips += d[0] + d[1];
			lowest = lowest === null ? d[0] + d[1] : Math.min(lowest, d[0] + d[1]);
		}
		const tiles = entry.dominoes.length;
		if (
			(entry.pips !== undefined && entry.pips !== pips) ||
			(entry.tiles !== undefined && entry.tiles !== tiles)
		) {
			throw new RuleError('hand-mismatch', { player });
		}
		return { pips, tiles, lowest };
	}
	const { pips, tiles } = entry;
	if (!isWhole(pips) || !isWhole(tiles)) throw new RuleError('hand-not-integer', { player });
	if (pips < 0 || tiles < 0) throw new RuleError('negative-hand', { player });
	if (pips > 12 * tiles) throw new RuleError('pips-impossible', { player, pips, tiles });
	return { pips, tiles, lowest: null };
}

/**
 * Reads and checks every player's hand (RULES.md §3). The player who went out may be left
 * out (they hold nothing); everyone else must be there.
 * @throws RuleError for any check of §3 that fails
 */
export function readHands(players: readonly PlayerId[], hand: HandEnd): Map<PlayerId, PlayerHeld> {
	if (typeof hand !== 'object' || hand === null) throw new RuleError('bad-event');
	if (hand.outcome !== 'domino' && hand.outcome !== 'blocked') throw new RuleError('bad-outcome');
	if (hand.outcome === 'blocked' && hand.wentOut !== undefined)
		throw new RuleError('went-out-with-blocked');
	if (hand.outcome === 'domino') {
		if (hand.wentOut === undefined) throw new RuleError('went-out-required');
		if (!players.includes(hand.wentOut))
			throw new RuleError('unknown-player', { player: String(hand.wentOut) });
	}
	const given = typeof hand.hands === 'object' && hand.hands !== null ? hand.hands : {};
	for (const p of Object.keys(given)) {
		if (!players.includes(p)) throw new RuleError('unknown-player', { player: p });
	}
	const seen = new Set<string>();
	const held = new Map<PlayerId, PlayerHeld>();
	for (const p of players) {
		const input = Object.hasOwn(given, p) ? given[p] : undefined;
		if (input === undefined) {
			if (p !== hand.wentOut) throw new RuleError('hand-missing-player', { player: p });
			held.set(p, { pips: 0, tiles: 0, lowest: null });
			continue;
		}
		held.set(p, readPlayerHand(p, input, seen));
	}
	let pips = 0;
	let tiles = 0;
	for (const [p, h] of held) {
		if (p === hand.wentOut && h.tiles > 0)
			throw new RuleError('went-out-holds-tiles', { player: p });
		if (hand.outcome === 'blocked' && h.tiles === 0)
			throw new RuleError('blocked-with-empty-hand', { player: p });
		pips += h.pips;
		tiles += h.tiles;
	}
	if (pips > SET_PIPS) throw new RuleError('too-many-pips');
	if (tiles > SET_TILES) throw new RuleError('too-many-tiles');
	return held;
}

function sumSides(sides: readonly Side[], held: Map<PlayerId, PlayerHeld>): SideHeld[] {
	return sides.map((side) => {
		const hs = side.players.map((p) => held.get(p) ?? { pips: 0, tiles: 0, lowest: null });
		const listed =
			hs.every((h) => h.lowest !== null || h.tiles === 0) && hs.some((h) => h.lowest !== null);
		return {
			side: side.label,
			pips: hs.reduce((n, h) => n + h.pips, 0),
			tiles: hs.reduce((n, h) => n + h.tiles, 0),
			lowestDomino: listed
				? Math.min(...hs.flatMap((h) => (h.lowest === null ? [] : [h.lowest])))
				: null
		};
	});
}

/** The sides with the least of `measure`. */
function least(held: readonly SideHeld[], measure: (s: SideHeld) => number): SideHeld[] {
	const min = Math.min(...held.map(measure));
	return held.filter((s) => measure(s) === min);
}

function candidates(
	rule: Extract<HandRule, { kind: 'to-winner' }>,
	hand: HandEnd,
	held: readonly SideHeld[],
	sides: readonly Side[]
): SideHeld[] {
	if (rule.winner === 'went-out-else-lightest' && hand.outcome === 'domino') {
		const label = sides.find((s) => s.players.includes(hand.wentOut ?? ''))?.label;
		return held.filter((s) => s.side === label);
	}
	return least(held, rule.winner === 'fewest-tiles' ? (s) => s.tiles : (s) => s.pips);
}

function working(
	rule: Extract<HandRule, { kind: 'to-winner' }>,
	basis: AwardBasis,
	winner: SideHeld,
	held: readonly SideHeld[]
): AwardWorking {
	const others = held.filter((s) => s !== winner);
	const byTiles = basis === 'opponents-minus-own-tiles';
	const opponents = others.reduce((n, s) => n + (byTiles ? s.tiles : s.pips), 0);
	const own = basis === 'opponents-pips' ? 0 : byTiles ? winner.tiles : winner.pips;
	// Ruling: when a partner holds more than the opponents, there is nothing to award.
	const raw = Math.max(0, opponents - own);
	const rounded = rule.round5 ? round5(raw) : null;
	const points = ((rounded ?? raw) * rule.multiplier) / rule.divisor;
	return {
		basis,
		opponents,
		own,
		raw,
		rounded,
		multiplier: rule.multiplier,
		divisor: rule.divisor,
		points
	};
}

/**
 * Settles a hand (RULES.md §3): who wins it and what each side is awarded.
 * @throws RuleError when the hand breaks a check of §3
 */
export function settleHand(ruleset: Ruleset, sides: readonly Side[], hand: HandEnd): Settlement {
	const players = sides.flatMap((s) => s.players);
	const held = sumSides(sides, readHands(players, hand));
	const rule = ruleset.hand;
	if (rule.kind === 'each-loses-own-pips') {
		const awards: Record<SideLabel, number> = bare();
		for (const s of held) if (s.pips > 0) awards[s.side] = -s.pips;
		return { winner: null, awards, held, working: null, noWinner: 'nobody-wins', tieBroken: false };
	}
	let tied = candidates(rule, hand, held, sides);
	let tieBroken = false;
	if (
		tied.length > 1 &&
		rule.tieBreak === 'lowest-domino' &&
		tied.every((s) => s.lowestDomino !== null)
	) {
		tied = least(tied, (s) => s.lowestDomino ?? 0);
		tieBroken = tied.length === 1;
	}
	const winner = tied.length === 1 ? tied[0] : undefined;
	if (!winner)
		return { winner: null, awards: bare(), held, working: null, noWinner: 'tie', tieBroken: false };
	const w = working(rule, rule.basis[hand.outcome], winner, held);
	return {
		winner: winner.side,
		awards: bare(w.points > 0 ? [[winner.side, w.points]] : []),
		held,
		working: w,
		noWinner: null,
		tieBroken
	};
}
