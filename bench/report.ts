import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { BUDGETS, type Budget } from './budgets';

/** One measured figure, with its budget when it has one. */
export interface Figure {
	name: string;
	value: number;
	unit: 'KB' | 'ms' | 'MB' | 'count';
	budget: Budget | null;
	pass: boolean | null;
	note?: string;
}

/** The machine's load average (1 minute) when the step being measured began. */
let loadBefore: number | null = null;

/**
 * Notes the load average now, before a step is measured: each figure made after says it
 * (issue 39), so a figure from a busy machine reads as such. Until the first call, a figure
 * notes the load when it is made.
 */
export function markLoad(): void {
	loadBefore = loadavg()[0] ?? null;
}

/** `note` with the load average before the step, unless it says the load already. */
function withLoad(note: string | undefined): string {
	if (note?.includes('load average')) return note;
	const load = loadBefore ?? loadavg()[0];
	const said = `load average ${load === undefined ? 'unknown' : load.toFixed(1)} before`;
	return note ? `${note}; ${said}` : said;
}

/** A figure checked against the budget of the same name, if there is one. */
export function figure(name: string, value: number, unit: Figure['unit'], note?: string): Figure {
	const budget = (BUDGETS as Record<string, Budget>)[name] ?? null;
	// NaN (a run that failed) misses its budget.
	const pass = budget ? value <= budget.max : null;
	return { name, value, unit, budget, pass, note: withLoad(note) };
}

function fmt(n: number): string {
	return n >= 100 ? n.toFixed(0) : n.toFixed(1);
}

/** Prints the figures as a table and writes them to `path` as JSON; returns whether all budgets pass. */
export function report(figures: Figure[], path: string): boolean {
	const rows = figures.map((f) => [
		f.name,
		`${fmt(f.value)} ${f.unit}`,
		f.budget ? `≤ ${f.budget.max} ${f.budget.unit}` : '',
		f.pass === null ? '' : f.pass ? 'pass' : 'FAIL',
		f.note ?? ''
	]);
	const head = ['figure', 'value', 'budget', '', 'note'];
	const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
	const line = (r: string[]) =>
		r
			.map((c, i) => c.padEnd(widths[i] ?? 0))
			.join('  ')
			.trimEnd();
	console.log(line(head));
	console.log(widths.map((w) => '-'.repeat(w)).join('  '));
	for (const r of rows) console.log(line(r));
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(
		path,
		JSON.stringify({ measuredAt: new Date().toISOString(), figures }, null, '\t') + '\n'
	);
	const failed = figures.filter((f) => f.pass === false);
	console.log(failed.length === 0 ? '\nAll budgets met.' : `\n${failed.length} budget(s) failed.`);
	return failed.length === 0;
}
