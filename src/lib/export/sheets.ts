/**
 * The four league exports as sheets (header and rows), from data already read. Pure: names
 * come in through `name`, so a test builds any sheet from plain values.
 */
import type { CardStatus } from '$lib/db/cards';
import type { EventRecord } from '$lib/db/records';
import { narrate } from '$lib/rules/narrate';
import { getRuleset } from '$lib/rules/rulesets';
import type { StandingsRow } from '$lib/rules/standings';
import type { GameState, PlayerId, RulesetId, SideLabel } from '$lib/rules/types';
import type { Cell, Sheet } from './csv';

/** Turns a player id into the name on the roster. */
export type Namer = (player: PlayerId) => string;

/** One league game as the exports describe it. */
export interface GameLine {
	gameId: string;
	/** The session's day, else the day the game was created (`YYYY-MM-DD`). */
	date: string;
	status: CardStatus;
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
}

const STATUS_WORDS: Record<CardStatus, string> = {
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
export function standingsSheet(rows: readonly StandingsRow[], name: Namer): Sheet {
	return {
		header: [
			'Place',
			'Tied',
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

function lineCells(line: GameLine): Cell[] {
	return [
		line.date,
		line.gameId,
		STATUS_WORDS[line.status],
		line.counts ? 'yes' : 'no',
		line.voidReason ?? '',
		getRuleset(line.rulesetId).name
	];
}

const LINE_HEADER = ['Date', 'Game', 'Status', 'Counts', 'Void reason', 'Rule sheet'];

/** Every game, one row per player per game, in seat order. */
export function gamesSheet(lines: readonly GameLine[], name: Namer): Sheet {
	const rows: Cell[][] = [];
	for (const line of lines) {
		for (const [seat, player] of line.seats.entries()) {
			const side = line.sides.find((s) => s.players.includes(player));
			const partners = side?.players.filter((p) => p !== player).map(name) ?? [];
			rows.push([
				...lineCells(line),
				line.hands,
				seat + 1,
				name(player),
				partners.join(' & '),
				side?.total ?? null,
				side ? resultOf(line, side.label) : ''
			]);
		}
	}
	return {
		header: [...LINE_HEADER, 'Hands', 'Seat', 'Student', 'Partner', 'Points', 'Result'],
		rows
	};
}

/** A game with its replay, for the hands sheet. */
export interface PlayedGame {
	line: GameLine;
	state: GameState;
}

/** Every hand, one row per player per hand: its points by kind and the running total. */
export function handsSheet(games: readonly PlayedGame[], name: Namer): Sheet {
	const rows: Cell[][] = [];
	for (const { line, state } of games) {
		const running = new Map<SideLabel, number>();
		for (const hand of state.hands) {
			const winner = hand.settlement?.winner ?? null;
			for (const player of line.seats) {
				const side = state.sides.find((s) => s.players.includes(player));
				if (!side) continue;
				const l = side.label;
				const [play, bonus, adjust] = [hand.play[l] ?? 0, hand.bonus[l] ?? 0, hand.adjust[l] ?? 0];
				const total = (running.get(l) ?? 0) + play + bonus + adjust;
				running.set(l, total);
				rows.push([
					...lineCells(line),
					hand.number,
					name(player),
					play,
					bonus,
					adjust,
					play + bonus + adjust,
					total,
					hand.spinner ?? '',
					winner === null ? '' : winner === l ? 'yes' : 'no',
					hand.settlement ? '' : 'not finished'
				]);
			}
		}
	}
	return {
		header: [
			...LINE_HEADER,
			'Hand',
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
	events: readonly EventRecord[];
	/** Ids of voided events, mapped to the void that undid them. */
	voided: Readonly<Record<string, string>>;
}

/** The event's own fields, in the columns of the audit trail, players by name. */
function detail(record: EventRecord, name: Namer): Cell[] {
	const e = record.event;
	const get = (key: string): unknown => (e as unknown as Record<string, unknown>)[key];
	const text = (v: unknown) => (typeof v === 'string' ? v : '');
	const num = (v: unknown) => (typeof v === 'number' ? v : null);
	const who = (v: unknown) => (typeof v === 'string' && v !== '' ? name(v) : '');
	return [
		who(get('player')) || who(get('by')),
		who(get('from')),
		num(get('count')),
		num(get('points')),
		text(get('note')) || text(get('reason')) || text(get('kind')),
		text(get('outcome')),
		who(get('wentOut')),
		text(get('target'))
	];
}

/** The full audit trail: every stored event of every game, in order, undone ones included. */
export function eventsSheet(games: readonly LoggedGame[], name: Namer): Sheet {
	const rows: Cell[][] = [];
	for (const { line, events, voided } of games) {
		const ruleset = getRuleset(line.rulesetId);
		for (const record of events) {
			const e = record.event;
			rows.push([
				...lineCells(line),
				record.seq,
				record.at,
				record.deviceId,
				e.id,
				e.type,
				...detail(record, name),
				voided[e.id] ? 'yes' : 'no',
				record.redoOf ?? '',
				narrate(e, ruleset, name),
				e.type === 'hand-end' ? JSON.stringify(e.hands) : ''
			]);
		}
	}
	return {
		header: [
			...LINE_HEADER,
			'Seq',
			'Recorded at',
			'Device',
			'Event',
			'Type',
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
		],
		rows
	};
}
