/**
 * The league exports as sheets (header and rows), from data already read. Pure: names and
 * student ids come in through `name` and `idOf`, so a test builds any sheet from plain values.
 * Every student's name has their school's student id beside it, so a gradebook matches rows
 * by id.
 */
import { dayWords } from '$lib/format/day-words';
import type { CardStanding } from '$lib/card/standings-cards';
import type { KeptEvent } from '$lib/card/records';
import { correctionWords } from '$lib/card/correction-words';
import type { ResultCorrection } from '$lib/rules/card';
import type { PlayedHands } from '$lib/rules/hand-lines';
import { narrate } from '$lib/rules/narrate';
import { getRuleset } from '$lib/rules/rulesets';
import type { StandingsRow } from '$lib/rules/standings';
import type { InsightLine } from '$lib/league/class-insights';
import type { PlayerId, RulesetId, SideLabel } from '$lib/rules/types';
import type { Cell, Sheet } from './csv';

/** Turns a player id into the name on the roster. */
export type Namer = (player: PlayerId) => string;

/** Turns a player id into the school's student id for them; '' when there is none. */
export type StudentIdOf = (player: PlayerId) => string;

const noIds: StudentIdOf = () => '';

/** One league game as the exports describe it. */
export interface GameLine {
	gameId: string;
	/** The game's number in the league, in the order games were started (1 for the first). */
	number: number;
	/** Where it was played, as a teacher says it: "Tue 3 Nov, Session 2, Group 1". */
	place: string;
	/** The session's day, else the day the game was created (`YYYY-MM-DD`). */
	date: string;
	status: CardStanding;
	/** Whether it counts in the standings. */
	counts: boolean;
	voidReason: string | null;
	rulesetId: RulesetId;
	hands: number;
	/** Player ids in seat order. */
	seats: PlayerId[];
	sides: { label: SideLabel; players: PlayerId[]; total: number }[];
	winners: SideLabel[];
	/** Whether the game is over (winners are final). */
	over: boolean;
	/** The instructor's corrections after signing (RULES.md §7); none when left out. */
	corrections?: readonly ResultCorrection[];
}

const STATUS_WORDS: Record<CardStanding, string> = {
	'in-progress': 'in progress',
	unsigned: 'finished, not signed',
	signed: 'signed',
	changed: 'changed after signing',
	voided: 'voided'
};

const HONOUR_WORDS = { champion: 'champion', 'runner-up': 'runner-up' } as const;

function round(n: number, places: number): number {
	const f = 10 ** places;
	return Math.round(n * f) / f;
}

/** The standings, one row per student, best first. */
export function standingsSheet(
	rows: readonly StandingsRow[],
	name: Namer,
	idOf: StudentIdOf = noIds
): Sheet {
	return {
		header: [
			'Place',
			'Tied',
			'Student id',
			'Student',
			'Played',
			'Won',
			'Shared wins',
			'Win %',
			'Points',
			'Points per game',
			'Honour'
		],
		rows: rows.map((r) => [
			r.place,
			r.tied ? 'yes' : 'no',
			idOf(r.player),
			name(r.player),
			r.played,
			r.won,
			r.shared,
			round(r.winRate * 100, 1),
			r.points,
			round(r.perGame, 2),
			r.honour ? HONOUR_WORDS[r.honour] : ''
		])
	};
}

function resultOf(line: GameLine, side: SideLabel): string {
	if (!line.over) return '';
	if (!line.winners.includes(side)) return 'lost';
	return line.winners.length > 1 ? 'shared win' : 'won';
}

/**
 * The gradebook: one row per student of `order` (the roster's order), with their student id,
 * games played, won, shared wins and points; a student who has not played has zeros.
 */
export function gradebookSheet(
	order: readonly PlayerId[],
	rows: readonly StandingsRow[],
	name: Namer,
	idOf: StudentIdOf = noIds
): Sheet {
	const byPlayer = new Map(rows.map((r) => [r.player, r]));
	return {
		header: ['Student id', 'Student', 'Games played', 'Won', 'Shared wins', 'Points'],
		rows: order.map((player) => {
			const r = byPlayer.get(player);
			return [
				idOf(player),
				name(player),
				r?.played ?? 0,
				r?.won ?? 0,
				r?.shared ?? 0,
				r?.points ?? 0
			];
		})
	};
}

/**
 * The insights sheet (issue 41): one row per student, in roster order, with their school id:
 * their rating ("new" while it is uncertain), winning streaks, and counting over the term
 * (counts made, steals made, counts lost to a steal, hand bonuses). The gradebook is unchanged.
 */
export function insightsSheet(
	lines: readonly InsightLine[],
	name: Namer,
	idOf: StudentIdOf = noIds
): Sheet {
	return {
		header: [
			'Student id',
			'Student',
			'Rating',
			'Rated games',
			'Winning streak now',
			'Longest winning streak',
			'Games with counting',
			'Counts made',
			'Count points',
			'Steals made',
			'Steal points',
			'Counts lost to a steal',
			'Points lost to steals',
			'Hand bonuses',
			'Bonus points'
		],
		rows: lines.map((l) => [
			idOf(l.player),
			name(l.player),
			l.rating ?? (l.ratedGames > 0 ? 'new' : ''),
			l.ratedGames,
			l.streaks.current,
			l.streaks.longest,
			l.games,
			l.learning.countsMade,
			l.learning.countPoints,
			l.learning.stealsMade,
			l.learning.stealPoints,
			l.learning.countsMissed,
			l.learning.missedPoints,
			l.learning.bonuses,
			l.learning.bonusPoints
		])
	};
}

/**
 * The Game column: "Tue 3 Nov 2026, Session 2, Group 1", or "Tue 3 Nov 2026, outside
 * sessions" for a game not started from a session; the day as the app's screens write it.
 */
export function gameLabel(date: string, session: number | null, group: number | null): string {
	if (session === null) return `${dayWords(date)}, outside sessions`;
	return [dayWords(date), `Session ${session}`, group === null ? null : `Group ${group}`]
		.filter((p) => p !== null)
		.join(', ');
}

/** The cells every row of a game opens with, in the columns of `LINE_HEADER`. */
export function lineCells(line: GameLine): Cell[] {
	return [
		line.date,
		line.place,
		line.number,
		STATUS_WORDS[line.status],
		line.counts ? 'yes' : 'no',
		line.voidReason ?? '',
		getRuleset(line.rulesetId).name
	];
}

/** "Game no." matches a game's rows between the games, hands and events files. */
const LINE_HEADER = ['Date', 'Game', 'Game no.', 'Status', 'Counts', 'Void reason', 'Rule sheet'];

/** Every game, one row per player per game, in seat order. */
export function gamesSheet(
	lines: readonly GameLine[],
	name: Namer,
	idOf: StudentIdOf = noIds
): Sheet {
	const rows: Cell[][] = [];
	for (const line of lines) {
		const cells = lineCells(line);
		for (const [seat, player] of line.seats.entries()) {
			const side = line.sides.find((s) => s.players.includes(player));
			const partners = side?.players.filter((p) => p !== player).map(name) ?? [];
			rows.push([
				...cells,
				line.hands,
				seat + 1,
				idOf(player),
				name(player),
				partners.join(' & '),
				side?.total ?? null,
				side ? resultOf(line, side.label) : '',
				(line.corrections ?? [])
					.filter((c) => c.player === player)
					.map((c) => correctionWords(c, name(player)))
					.join('; ')
			]);
		}
	}
	return {
		header: [
			...LINE_HEADER,
			'Hands',
			'Seat',
			'Student id',
			'Student',
			'Partner',
			'Points',
			'Result',
			'Corrected by the instructor'
		],
		rows
	};
}

/** A game with its hands (from its replay, or kept with its verdict), for the hands sheet. */
export interface PlayedGame {
	line: GameLine;
	played: PlayedHands;
}

/** Every hand, one row per player per hand: its points by kind and the running total. */
export function handsSheet(
	games: readonly PlayedGame[],
	name: Namer,
	idOf: StudentIdOf = noIds
): Sheet {
	const rows: Cell[][] = [];
	for (const { line, played } of games) {
		const cells = lineCells(line);
		// Each seat's side, by its place in `played.sides` (-1 for a seat on no side).
		const sideOf = line.seats.map((p) => played.sides.findIndex((s) => s.players.includes(p)));
		// Per side, added to at each of its players' rows (partners' rows each add the hand).
		const running = played.sides.map(() => 0);
		for (const hand of played.hands) {
			const winner = hand.winner;
			line.seats.forEach((player, seat) => {
				const i = sideOf[seat]!;
				if (i < 0) return;
				const l = played.sides[i]!.label;
				const [play, bonus, adjust] = [hand.play[i] ?? 0, hand.bonus[i] ?? 0, hand.adjust[i] ?? 0];
				const total = running[i]! + play + bonus + adjust;
				running[i] = total;
				rows.push([
					...cells,
					hand.number,
					idOf(player),
					name(player),
					play,
					bonus,
					adjust,
					play + bonus + adjust,
					total,
					hand.spinner ?? '',
					winner === null ? '' : winner === l ? 'yes' : 'no',
					hand.settled ? '' : 'not finished'
				]);
			});
		}
	}
	return {
		header: [
			...LINE_HEADER,
			'Hand',
			'Student id',
			'Student',
			'Play points',
			'Hand bonus',
			'Corrections',
			'Hand points',
			'Running total',
			'Spinner',
			'Won the hand',
			'Note'
		],
		rows
	};
}

/** A game with its stored log, for the audit trail. */
export interface LoggedGame {
	line: GameLine;
	events: readonly KeptEvent[];
	/** Ids of voided events, mapped to the void that undid them. */
	voided: Readonly<Record<string, string>>;
}

/** The event's own fields, in the columns of the audit trail, players by id and name. */
function detail(record: KeptEvent, name: Namer, idOf: StudentIdOf): Cell[] {
	const e = record.event;
	const get = (key: string): unknown => (e as unknown as Record<string, unknown>)[key];
	const text = (v: unknown) => (typeof v === 'string' ? v : '');
	const num = (v: unknown) => (typeof v === 'number' ? v : null);
	const who = (v: unknown) => (typeof v === 'string' && v !== '' ? name(v) : '');
	const actor = [get('player'), get('by')].find((v) => typeof v === 'string' && v !== '');
	return [
		typeof actor === 'string' ? idOf(actor) : '',
		typeof actor === 'string' ? name(actor) : '',
		who(get('from')),
		num(get('count')),
		num(get('points')),
		text(get('note')) || text(get('reason')) || text(get('kind')),
		text(get('outcome')),
		who(get('wentOut')),
		text(get('target'))
	];
}

/** The audit trail's columns (`eventsSheet`, and `events-csv.ts`, which writes its rows). */
export const EVENTS_HEADER: readonly string[] = [
	...LINE_HEADER,
	'Seq',
	'Recorded at',
	'Device',
	'Event',
	'Type',
	'Student id',
	'Player',
	'From',
	'Count',
	'Points',
	'Note',
	'Outcome',
	'Went out',
	'Undoes',
	'Undone',
	'Redo of',
	'Description',
	'Hands held'
];

/** The full audit trail: every stored event of every game, in order, undone ones included. */
export function eventsSheet(
	games: readonly LoggedGame[],
	name: Namer,
	idOf: StudentIdOf = noIds
): Sheet {
	const rows: Cell[][] = [];
	for (const { line, events, voided } of games) {
		const ruleset = getRuleset(line.rulesetId);
		// The game's own cells, the same on each of its rows: worked out once.
		const cells = lineCells(line);
		for (const record of events) {
			const e = record.event;
			rows.push([
				...cells,
				record.seq,
				record.at,
				record.deviceId,
				e.id,
				e.type,
				...detail(record, name, idOf),
				voided[e.id] ? 'yes' : 'no',
				record.redoOf ?? '',
				narrate(e, ruleset, name),
				e.type === 'hand-end' ? JSON.stringify(e.hands) : ''
			]);
		}
	}
	return {
		header: EVENTS_HEADER,
		rows
	};
}
