/** What a server process uses: its CPU (per card, per phone-hour) and its memory. */
import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds used so far by process `root` and every process under it (Linux /proc). */
export function cpuSeconds(root: number): number {
	const tick = 100; // USER_HZ on Linux
	const parent = new Map<number, number>();
	const used = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			parent.set(Number(entry), Number(fields[1]));
			// utime + stime, and cutime + cstime: the CPU of children that exited and were reaped
			// (PostgreSQL's autovacuum workers, say), which would otherwise drop out of the sum.
			const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
			used.set(Number(entry), ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) / tick);
		} catch {
			// gone meanwhile
		}
	}
	const under = (pid: number): boolean =>
		pid === root || (pid > 1 && parent.has(pid) && under(parent.get(pid) ?? 0));
	let total = 0;
	for (const [pid, seconds] of used) if (under(pid)) total += seconds;
	return total;
}

/** Process `pid`'s resident memory in MB (Linux /proc). */
export function residentMb(pid: number): number {
	const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
	return kb ? Number(kb) / 1024 : NaN;
}
