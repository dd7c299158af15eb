/**
 * Waiting for a quiet machine before the server is measured. The whole bench times the app in
 * Chromium just before the server; on 2 cores what is still running or being written to disk
 * then (a browser closing, its profile's files) took the server's paced p95 from 19 ms, measured
 * alone, to 151 ms in the whole run (docs/speed.md, 2026-11-28). The wait is bounded and
 * reported, never hidden: a machine that does not quieten is measured anyway, and its note says so.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The machine's busy and total CPU time so far, from /proc/stat (Linux). */
function cpuTimes(): { busy: number; total: number } | null {
	try {
		const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
		const fields = line.trim().split(/\s+/).slice(1).map(Number);
		const total = fields.reduce((a, b) => a + b, 0);
		// idle and iowait are the fourth and fifth: time the CPUs had nothing to run.
		const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
		return { busy: total - idle, total };
	} catch {
		return null;
	}
}

/** How idle the machine's CPUs were over the next `ms`: 0 to 1, null where it cannot be read. */
async function idleOver(ms: number): Promise<number | null> {
	const before = cpuTimes();
	await new Promise((resolve) => setTimeout(resolve, ms));
	const after = cpuTimes();
	if (!before || !after || after.total === before.total) return null;
	return 1 - (after.busy - before.busy) / (after.total - before.total);
}

/** What the wait found, for the figures' notes. */
export interface Quiet {
	/** How idle the CPUs were in the last second waited (0 to 1), null where unknown. */
	idle: number | null;
	seconds: number;
}

/**
 * Flushes what is waiting to be written to disk, then waits until the CPUs are at least `idle`
 * idle over a second, for at most `boundSeconds` (BENCH_QUIET_SECONDS, 60 by default: on a
 * machine known to stay busy, A/B runs back to back need not wait a minute each for nothing).
 */
export async function waitForQuiet(
	idle = 0.85,
	boundSeconds = Number(process.env.BENCH_QUIET_SECONDS ?? 60)
): Promise<Quiet> {
	const started = performance.now();
	try {
		execFileSync('sync');
	} catch {
		// No sync command: the wait below still runs.
	}
	let last: number | null = null;
	do {
		last = await idleOver(1000);
		if (last === null || last >= idle) break;
	} while (performance.now() - started < boundSeconds * 1000);
	return { idle: last, seconds: (performance.now() - started) / 1000 };
}

/** `quiet` in words: "CPUs 97% idle after a 3 s wait". */
export function quietWords(quiet: Quiet): string {
	const idle =
		quiet.idle === null ? 'CPU idle unknown' : `CPUs ${Math.round(quiet.idle * 100)}% idle`;
	return `${idle} after a ${quiet.seconds.toFixed(0)} s wait`;
}
