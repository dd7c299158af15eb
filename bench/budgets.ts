/** The speed and size budgets of issue 8: what `npm run bench` holds the app to. */
export interface Budget {
	/** At most this many of `unit`. */
	max: number;
	unit: 'KB' | 'ms';
}

export const BUDGETS = {
	'first-load JS, scorecard (gzip)': { max: 80, unit: 'KB' },
	'tap to painted, p95': { max: 16, unit: 'ms' },
	'standings, one class-trimester (rules, Node)': { max: 50, unit: 'ms' },
	'standings, 100× league (rules, Node)': { max: 2000, unit: 'ms' },
	'standings, one class-trimester (IndexedDB, Chromium)': { max: 50, unit: 'ms' },
	'standings, 100× league (IndexedDB, Chromium)': { max: 2000, unit: 'ms' },
	'CSV export, 100× league': { max: 2000, unit: 'ms' },
	'cold offline start to scorecard': { max: 500, unit: 'ms' }
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof BUDGETS;
