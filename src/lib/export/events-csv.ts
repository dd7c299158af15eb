/**
 * The audit trail's rows written straight to CSV text: the same bytes as
 * `csvRows(eventsSheet(games, name, idOf).rows)` (`sheets.ts` stays the readable definition,
 * and a unit test holds the two together), without a row array of 25 cells per event. At a
 * school's scale (162,000 events in 10 classes) building those arrays, walking them again to
 * write them and collecting them after was a quarter of the export's time. Pure.
 */
import { getRuleset } from '$lib/rules/rulesets';
import { narrate } from '$lib/rules/narrate';
import type { PlayerId } from '$lib/rules/types';
import { csvCell } from './csv';
import { lineCells, type LoggedGame, type Namer, type StudentIdOf } from './sheets';

/** `f`'s cell text for each key, worked out once: names and devices repeat on every row. */
function cellsOf(f: (key: string) => string): (key: string) => string {
	const known = new Map<string, string>();
	return (key) => {
		let cell = known.get(key);
		if (cell === undefined) {
			cell = csvCell(f(key));
			known.set(key, cell);
		}
		return cell;
	};
}

/** A field of an event that may not have it (the columns are shared by every type). */
function field(e: object, key: string): unknown {
	return (e as Record<string, unknown>)[key];
}

/** The cell of a text field: '' unless it is text. */
function textOf(v: unknown): string {
	return typeof v === 'string' ? v : '';
}

/** The cell of a number field: empty unless it is a number. */
function numberCell(v: unknown): string {
	return typeof v === 'number' ? csvCell(v) : '';
}

/**
 * The CSV rows (CRLF after each, no header) of the audit trail of `games`: every stored event
 * of every game, in order, undone ones included.
 */
export function eventsCsv(
	games: readonly LoggedGame[],
	name: Namer,
	idOf: StudentIdOf = () => ''
): { text: string; rows: number } {
	// Per call: the caller's namer learns players between batches.
	const nameCell = cellsOf(name);
	const idCell = cellsOf(idOf);
	const deviceCell = cellsOf((d) => d);
	const who = (v: unknown) => (typeof v === 'string' && v !== '' ? nameCell(v) : '');
	let text = '';
	let rows = 0;
	for (const { line, events, voided } of games) {
		const ruleset = getRuleset(line.rulesetId);
		// The game's own cells, the same on each of its rows: written once.
		const head = lineCells(line).map(csvCell).join(',');
		for (const record of events) {
			const e = record.event;
			const player = field(e, 'player');
			const by = field(e, 'by');
			const actor: PlayerId | null =
				typeof player === 'string' && player !== ''
					? player
					: typeof by === 'string' && by !== ''
						? by
						: null;
			const note =
				textOf(field(e, 'note')) || textOf(field(e, 'reason')) || textOf(field(e, 'kind'));
			text +=
				head +
				',' +
				csvCell(record.seq) +
				',' +
				csvCell(record.at) +
				',' +
				deviceCell(record.deviceId) +
				',' +
				csvCell(e.id) +
				',' +
				csvCell(e.type) +
				',' +
				(actor === null ? ',' : idCell(actor) + ',' + nameCell(actor)) +
				',' +
				who(field(e, 'from')) +
				',' +
				numberCell(field(e, 'count')) +
				',' +
				numberCell(field(e, 'points')) +
				',' +
				csvCell(note) +
				',' +
				csvCell(textOf(field(e, 'outcome'))) +
				',' +
				who(field(e, 'wentOut')) +
				',' +
				csvCell(textOf(field(e, 'target'))) +
				',' +
				(voided[e.id] ? 'yes' : 'no') +
				',' +
				csvCell(record.redoOf ?? '') +
				',' +
				csvCell(narrate(e, ruleset, name)) +
				',' +
				(e.type === 'hand-end' ? csvCell(JSON.stringify(e.hands)) : '') +
				'\r\n';
			rows++;
		}
	}
	return { text, rows };
}
