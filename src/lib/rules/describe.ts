/**
 * Plain-English descriptions of a ruleset, generated from its data (RULES.md), so that the
 * Rules page never repeats prose per ruleset: change the data and the words follow.
 */
import { RuleError } from './errors';
import { SET_TILES } from './hand';
import { RULESET_NOTES } from './ruleset-notes';
import { rulingsFor } from './rulings';
import { pointsForCount, round5, scoringCounts } from './scoring';
import type { AwardBasis, DrawingRule, HandRule, Ruleset } from './types';

/** One part of a ruleset's description, shown under its own heading. */
export interface RuleSection {
	id: 'table' | 'play' | 'hand' | 'game' | 'log';
	title: string;
	lines: string[];
}

/** Everything the Rules page shows for one ruleset. */
export interface RulesetDescription {
	id: Ruleset['id'];
	name: string;
	summary: string;
	source: string;
	sections: RuleSection[];
	/** Every count that scores during play, with its points; empty when play scores nothing. */
	counts: { count: number; points: number }[];
}

/** "a", "a or b", "a, b or c". */
function joinWith(items: readonly string[], word: 'and' | 'or'): string {
	if (items.length <= 1) return items.join('');
	return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

function plural(n: number, one: string, many: string): string {
	return `${n} ${n === 1 ? one : many}`;
}

/** Player counts as people say them: [3, 4] → "3 or 4", [2, 3, 4] → "2 to 4". */
function playerCounts(counts: readonly number[]): string {
	const contiguous = counts.every((n, i) => i === 0 || n === (counts[i - 1] ?? n) + 1);
	if (counts.length > 2 && contiguous) return `${counts[0]} to ${counts[counts.length - 1]}`;
	return joinWith(counts.map(String), 'or');
}

/** A per-player-count table, grouped where neighbouring counts share a value. */
function groupByValue(
	table: Partial<Record<number, number>>
): { counts: number[]; value: number }[] {
	const groups: { counts: number[]; value: number }[] = [];
	const entries = Object.entries(table)
		.map(([players, value]) => [Number(players), value] as const)
		.filter((e): e is readonly [number, number] => e[1] !== undefined)
		.sort((a, b) => a[0] - b[0]);
	for (const [players, value] of entries) {
		const last = groups[groups.length - 1];
		if (last && last.value === value) last.counts.push(players);
		else groups.push({ counts: [players], value });
	}
	return groups;
}

/** Whether only two players ever sit at the table, so "opponents" is one person. */
function headToHead(r: Ruleset): boolean {
	return r.table.players.max === 2;
}

/** Who collects points: players, or sides when partners may play together. */
function who(r: Ruleset): { one: string; relative: string } {
	return r.table.teams ? { one: 'side', relative: 'that' } : { one: 'player', relative: 'who' };
}

/** Who plays, and whether as teams. */
export function describePlayers(r: Ruleset): string {
	const { min, max, preferred } = r.table.players;
	let s = min === max ? `Played by ${min} players` : `Played by ${min} to ${max} players`;
	if (preferred && preferred.length > 0) s += ` (${playerCounts(preferred)} is best)`;
	if (r.table.teams) {
		return `${s}; 4 may play as two teams of two, partners sitting across from each other (seats 1 and 3 against 2 and 4).`;
	}
	return max > 2 ? `${s}, each for themselves.` : `${s}.`;
}

/** How many dominoes each player draws to start a hand. */
export function describeTiles(r: Ruleset): string {
	const groups = groupByValue(r.table.tilesEach);
	const [first, ...rest] = groups;
	if (!first) return 'Each player draws dominoes to make up a hand.';
	if (rest.length === 0) return `Each player draws ${plural(first.value, 'domino', 'dominoes')}.`;
	const parts = [
		`${plural(first.value, 'domino', 'dominoes')} with ${playerCounts(first.counts)} players`,
		...rest.map((g) => `${g.value} with ${playerCounts(g.counts)} players`)
	];
	return `Each player draws ${parts.join(', or ')}.`;
}

/** What a player who cannot play does. */
export function describeDrawing(drawing: DrawingRule): string {
	switch (drawing.rule) {
		case 'none':
			return 'There is no drawing: a player who cannot play passes.';
		case 'one':
			return 'A player who cannot play draws one domino from the boneyard; when it is empty, they pass.';
		case 'until-playable': {
			const keep = groupByValue(drawing.keep);
			const [first, ...rest] = keep;
			if (!first) {
				return 'A player who cannot play draws from the boneyard until they can; when it is empty, they pass.';
			}
			const left = [
				`${plural(first.value, 'domino', 'dominoes')} in the boneyard with ${playerCounts(first.counts)} players`,
				...rest.map((g) => `${g.value} with ${playerCounts(g.counts)} players`)
			].join(', or ');
			return `A player who cannot play draws until they can, but must leave ${left}; then they pass.`;
		}
	}
}

/** How play scores (RULES.md §2), with a worked count. */
export function describeScoring(r: Ruleset): string[] {
	if (r.scoring === 'none') {
		return ['No points are scored during play: points come only at the end of a hand.'];
	}
	const lines = [
		'After each play, the count is the sum of the open ends of the layout; a double standing at an end counts both halves.'
	];
	const example = pointsForCount(r, 15);
	switch (r.scoring) {
		case 'pips':
			lines.push(
				`When the count is a multiple of 5, the player who made it scores the count: 15 scores ${example} points.`
			);
			break;
		case 'fifths':
			lines.push(
				`When the count is a multiple of 5, the player who made it scores one point for each 5: 15 scores ${example} points.`
			);
			break;
		case 'fives-and-threes':
			lines.push(
				`The player who made the count scores one point for each 5 when it is a multiple of 5, and one point for each 3 when it is a multiple of 3: 15 scores ${15 / 5} + ${15 / 3} = ${example} points.`
			);
			break;
	}
	lines.push(
		r.steals
			? 'Claim each score as you make it: if you miss one, an opponent may call “Muggins!” and take the points.'
			: 'A score that is not claimed is lost; nobody may steal it.'
	);
	return lines;
}

function basisWords(r: Ruleset, basis: AwardBasis): string {
	const others = headToHead(r) ? 'the opponent’s' : 'the opponents’';
	switch (basis) {
		case 'opponents-pips':
			return `${others} pips`;
		case 'opponents-minus-own-pips':
			return `${others} pips minus their own`;
		case 'opponents-minus-own-tiles':
			return `${others} dominoes minus their own`;
	}
}

type ToWinner = Extract<HandRule, { kind: 'to-winner' }>;

function adjustments(rule: ToWinner): string {
	let s = '';
	if (rule.round5) s += ', rounded to the nearest 5';
	if (rule.multiplier !== 1) s += `, times ${rule.multiplier}`;
	if (rule.divisor !== 1) s += `, divided by ${rule.divisor}`;
	return s;
}

/** A blocked hand worked through with the seed's numbers (winner 3 pips; others 5, 11, 13). */
function handExample(r: Ruleset, rule: ToWinner): string {
	const basis = rule.basis.blocked;
	const byTiles = basis === 'opponents-minus-own-tiles';
	const own = byTiles ? 1 : 3;
	const others = byTiles ? [3] : headToHead(r) ? [13] : [5, 11, 13];
	const unit = byTiles ? ['domino', 'dominoes'] : ['pip', 'pips'];
	const othersTotal = others.reduce((a, b) => a + b, 0);
	const minusOwn = basis !== 'opponents-pips';
	const raw = minusOwn ? othersTotal - own : othersTotal;

	const othersWords = others.length === 1 ? 'the opponent' : 'the others';
	let steps = `${others.join(' + ')}${minusOwn ? ` − ${own}` : ''}`;
	if (others.length > 1 || minusOwn) steps += ` = ${raw}`;
	let value = raw;
	if (rule.round5) {
		value = round5(raw);
		steps += steps === String(raw) ? ` rounds to ${value}` : `, rounded to ${value}`;
	}
	if (rule.multiplier !== 1) {
		value *= rule.multiplier;
		steps += `, × ${rule.multiplier} = ${value}`;
	}
	if (rule.divisor !== 1) {
		value /= rule.divisor;
		steps += `, ÷ ${rule.divisor} = ${value}`;
	}
	const holds = `${plural(own, unit[0] ?? '', unit[1] ?? '')} and ${othersWords} ${joinWith(others.map(String), 'and')}`;
	return `Example: the hand blocks with the winner holding ${holds}: ${steps}, so the winner scores ${plural(value, 'point', 'points')}.`;
}

/** How a hand ends and what it is worth (RULES.md §3). */
export function describeHand(r: Ruleset): string[] {
	const lines = [
		'A hand ends when a player plays their last domino (goes out) or nobody can play (blocked).'
	];
	const rule = r.hand;
	if (rule.kind === 'each-loses-own-pips') {
		lines.push(
			'Nobody wins the hand: every player loses the pips left in their own hand.',
			'Example: a player left holding 9 pips loses 9 points.'
		);
		return lines;
	}
	const { one, relative } = who(r);
	switch (rule.winner) {
		case 'went-out-else-lightest':
			lines.push(
				`The ${one} ${relative} went out wins the hand; if the hand blocked, the ${one} with the fewest pips.`
			);
			break;
		case 'lightest':
			lines.push(
				r.table.teams
					? 'The side with the fewest pips wins the hand, even if another side went out (partners add their pips together).'
					: 'The player with the fewest pips wins the hand.'
			);
			break;
		case 'fewest-tiles':
			lines.push(`The ${one} with the fewest dominoes left wins the hand.`);
			break;
	}
	const tiedOn = rule.winner === 'fewest-tiles' ? 'dominoes' : 'pips';
	lines.push(
		rule.tieBreak === 'lowest-domino'
			? `A tie for the fewest ${tiedOn} goes to whoever holds the single domino with the fewest pips (list the dominoes so the app can tell); otherwise it scores nothing.`
			: `A tie for the fewest ${tiedOn} scores nothing.`
	);
	const adjust = adjustments(rule);
	if (rule.basis.domino === rule.basis.blocked) {
		lines.push(`The winner scores ${basisWords(r, rule.basis.domino)}${adjust}.`);
	} else {
		lines.push(
			`The winner scores ${basisWords(r, rule.basis.domino)}${adjust} after going out, or ${basisWords(r, rule.basis.blocked)}${adjust} when the hand blocked.`
		);
	}
	if (rule.round5) {
		lines.push(
			`Rounding to the nearest 5: a remainder of 1 or 2 rounds down, 3 or 4 rounds up (22 → ${round5(22)}, 23 → ${round5(23)}).`
		);
	}
	lines.push(handExample(r, rule));
	if (r.scoring !== 'none') {
		lines.push(
			'Points made during play are kept; only the winner of the hand adds the end-of-hand points.'
		);
	}
	return lines;
}

/** How the game ends and who wins (RULES.md §4), including tournament extras. */
export function describeGameEnd(r: Ruleset): string[] {
	const lines: string[] = [];
	const { one } = who(r);
	const target = r.target;
	if (target && target.default === null) {
		lines.push(
			'The game has no fixed end: it is played until it is stopped, for example when the class period ends.',
			`A points target (${joinWith(target.choices.map(String), 'or')}) may be agreed before the start; then the first ${one} to reach it wins at once.`
		);
	} else if (target && target.default !== null) {
		const others = target.choices.filter((c) => c !== target.default);
		const agreed =
			others.length > 0
				? ` The target may be ${joinWith(others.map(String), 'or')} instead, if agreed before the start.`
				: '';
		lines.push(
			target.when === 'at-once'
				? `The first ${one} to reach ${target.default} wins at once, even in the middle of a hand.${agreed}`
				: `The game ends after the hand in which a ${one} reaches ${target.default} or more; the highest total wins.${agreed}`
		);
	}
	if (r.rounds) {
		const others = r.rounds.choices.filter((c) => c !== r.rounds?.default);
		const more =
			others.length > 0
				? `, or ${joinWith(others.map(String), 'or')} if agreed before the start`
				: '';
		lines.push(
			`The game lasts ${plural(r.rounds.default, 'hand', 'hands')}${more}; the highest total wins.`
		);
	}
	const t = r.tournament;
	if (t) {
		lines.push(
			`Each game has a ${t.gameMinutes}-minute clock. When time is up, the highest total wins; if the leaders are tied, overtime: the next ${one} to score anything wins.`,
			`A match is the best of ${t.bestOf} games and lasts at most ${t.matchMinutes} minutes.`,
			`Each play must be made within ${plural(t.playSeconds, 'second', 'seconds')}.`,
			`Scores are kept with chips: ${t.chips.each} chips of ${t.chips.worth} points for each player, ${t.chips.each * t.chips.worth} in all.`,
			'Referee penalties: the first slow play is a warning and the second disqualifies; passing when able to play disqualifies; a bogus play ends the game and the offender loses.'
		);
	}
	lines.push(
		'Any game may be stopped early: the highest total then wins, and equal highest totals share the win.'
	);
	return lines;
}

/** The whole description of `r`, section by section. */
export function describeRuleset(r: Ruleset): RulesetDescription {
	return {
		id: r.id,
		name: r.name,
		summary: RULESET_NOTES[r.id].summary,
		source: RULESET_NOTES[r.id].source,
		sections: [
			{
				id: 'table',
				title: 'At the table',
				lines: [
					describePlayers(r),
					describeTiles(r),
					RULESET_NOTES[r.id].leads,
					RULESET_NOTES[r.id].spinner,
					describeDrawing(r.table.drawing)
				]
			},
			{ id: 'play', title: 'Scoring during play', lines: describeScoring(r) },
			{ id: 'hand', title: 'End of a hand', lines: describeHand(r) },
			{ id: 'game', title: 'End of the game', lines: describeGameEnd(r) },
			{ id: 'log', title: 'Mistakes and rulings', lines: rulingsFor(r).map((x) => x.text) }
		],
		counts: scoringCounts(r)
	};
}

/**
 * Why `count` earns what it earns under `r`, ending with the points:
 * "25 is a multiple of 5: 25 points", "13 is not a multiple of 5: no points".
 * @throws RuleError `count-impossible` when no layout can show `count`
 */
export function explainCount(r: Ruleset, count: number): string {
	const points = pointsForCount(r, count);
	const total = plural(points, 'point', 'points');
	switch (r.scoring) {
		case 'none':
			return `${r.name} scores no points during play`;
		case 'pips':
			return points > 0
				? `${count} is a multiple of 5: ${total}`
				: `${count} is not a multiple of 5: no points`;
		case 'fifths':
			return points > 0 ? `${count} ÷ 5 = ${total}` : `${count} is not a multiple of 5: no points`;
		case 'fives-and-threes': {
			if (points === 0) return `${count} is not a multiple of 5 or of 3: no points`;
			const parts: string[] = [];
			if (count % 5 === 0) parts.push(`${count} ÷ 5 = ${count / 5}`);
			if (count % 3 === 0) parts.push(`${count} ÷ 3 = ${count / 3}`);
			return `${count}: ${parts.join(' and ')}: ${total}`;
		}
	}
}

/** One thing the players do at the table before and during a hand, for the setup card. */
export interface TableStep {
	id: 'deal' | 'lead' | 'spinner' | 'drawing';
	title: string;
	text: string;
}

/**
 * What a player who cannot play does, for exactly `players` players: the boneyard reserve is
 * given as one number ("leave 1 domino") instead of the table of `describeDrawing`.
 */
export function describeDrawingFor(drawing: DrawingRule, players: number): string {
	const keep = drawing.keep[players];
	if (drawing.rule !== 'until-playable' || !keep) return describeDrawing(drawing);
	return `A player who cannot play draws from the boneyard until they can, but must leave ${plural(keep, 'domino', 'dominoes')} in it; then they pass.`;
}

/**
 * The setup card: what the table does for `r` with `players` players (RULES.md §6): the deal
 * and the boneyard it leaves, who leads, the spinner, and drawing.
 * @throws RuleError `player-count` when `r` is not played by `players` players
 */
export function describeTableFor(r: Ruleset, players: number): TableStep[] {
	const each = r.table.tilesEach[players];
	const { min, max } = r.table.players;
	if (each === undefined || players < min || players > max) {
		throw new RuleError('player-count', {
			ruleset: r.name,
			range: min === max ? `${min}` : `${min}-${max}`
		});
	}
	const boneyard = SET_TILES - each * players;
	const rest =
		boneyard > 0 ? `the other ${boneyard} stay face down as the boneyard` : 'none are left over';
	return [
		{
			id: 'deal',
			title: 'Deal',
			text: `Shuffle the ${SET_TILES} dominoes face down. Each player draws ${plural(each, 'domino', 'dominoes')}; ${rest}.`
		},
		{ id: 'lead', title: 'Who leads', text: RULESET_NOTES[r.id].leads },
		{ id: 'spinner', title: 'Spinner', text: RULESET_NOTES[r.id].spinner },
		{ id: 'drawing', title: 'Cannot play?', text: describeDrawingFor(r.table.drawing, players) }
	];
}
