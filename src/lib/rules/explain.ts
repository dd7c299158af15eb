/**
 * Plain-words working of a hand's settlement, for the end-hand sheet and the card:
 * "opponents 29 − own 3 = 26, rounded to 25, ÷ 5 = 5 points to Ana".
 */
import type { AwardWorking, HandEnd, Ruleset, Settlement, SideLabel } from './types';

/** Turns a side label into the names people know. */
export type SideNamer = (side: SideLabel) => string;

function plural(n: number, one: string, many: string): string {
	return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

/** The steps from the pips to the award, ending on the points: "opponents 29 − own 3 = 26, rounded to 25, ÷ 5 = 5". */
export function workingLine(w: AwardWorking): string {
	const prefix = w.basis === 'opponents-minus-own-tiles' ? 'dominoes: ' : '';
	const diff = w.opponents - w.own;
	const steps = [
		w.basis === 'opponents-pips'
			? `opponents ${w.opponents}`
			: `${prefix}opponents ${w.opponents} − own ${w.own} = ${String(diff).replace('-', '−')}`
	];
	if (w.raw !== diff) steps.push(`→ ${w.raw}`);
	// A rounding that changes nothing is not a step anyone needs to read.
	if (w.rounded !== null && w.rounded !== w.raw) steps.push(`, rounded to ${w.rounded}`);
	if (w.multiplier !== 1) steps.push(`× ${w.multiplier} = ${w.points}`);
	if (w.divisor !== 1) steps.push(`, ÷ ${w.divisor} = ${w.points}`);
	return steps.join(' ').replaceAll(' ,', ',');
}

/** Why the winning side won the hand. */
function whyWinner(ruleset: Ruleset, s: Settlement, hand: HandEnd, name: SideNamer): string {
	const winner = s.winner as SideLabel;
	const held = s.held.find((h) => h.side === winner);
	if (s.tieBroken) return `Tied on pips; ${name(winner)} holds the lowest single domino`;
	const rule = ruleset.hand;
	if (rule.kind === 'to-winner' && rule.winner === 'fewest-tiles') {
		return `${name(winner)} ${winner.includes('+') ? 'hold' : 'holds'} the fewest dominoes (${held?.tiles ?? 0})`;
	}
	if (hand.outcome === 'domino' && held && held.pips === 0 && held.tiles === 0) {
		return `${name(winner)} went out`;
	}
	return `${name(winner)} ${winner.includes('+') ? 'have' : 'has'} the lightest hand (${plural(held?.pips ?? 0, 'pip', 'pips')})`;
}

/**
 * What the ruleset awards for a hand and why, in one or two short sentences.
 */
export function explainSettlement(
	ruleset: Ruleset,
	s: Settlement,
	hand: HandEnd,
	name: SideNamer
): string {
	if (ruleset.hand.kind === 'each-loses-own-pips') {
		const losses = Object.entries(s.awards).map(([side, n]) =>
			`${name(side)} ${n}`.replace('-', '−')
		);
		return losses.length > 0
			? `Everyone still holding dominoes loses their pips: ${losses.join(', ')}.`
			: 'Nobody holds any pips: no points this hand.';
	}
	if (s.winner === null || !s.working) {
		return ruleset.hand.kind === 'to-winner' && ruleset.hand.winner === 'fewest-tiles'
			? 'Tie for the fewest dominoes: no bonus.'
			: 'Tie for the lightest hand: no bonus.';
	}
	const why = whyWinner(ruleset, s, hand, name);
	const points = s.working.points;
	const tail =
		points > 0 ? ` ${points === 1 ? 'point' : 'points'} to ${name(s.winner)}` : ': no bonus';
	return `${why}: ${workingLine(s.working)}${tail}.`;
}
