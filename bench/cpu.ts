/** What a server process uses: its CPU (per card, per phone-hour) and its memory. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

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

/**
 * CPU seconds used so far by the browser of profile `dir` and every process under it (Linux
 * /proc; clock ticks of 100 a second): a figure the machine's load stretches far less than the
 * wall time, for A/B runs on a shared machine. Null where there is no /proc.
 */
export function browserCpu(dir: string): number | null {
	if (!existsSync('/proc/self/stat')) return null;
	const procs = new Map<number, { ppid: number; ticks: number; cmd: string }>();
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
			const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
			procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), cmd });
		} catch {
			// Gone meanwhile.
		}
	}
	const roots = [...procs].filter(([, p]) => p.cmd.includes(`--user-data-dir=${dir}`));
	const mine = new Set(roots.map(([pid]) => pid));
	for (let grown = true; grown;) {
		grown = false;
		for (const [pid, p] of procs) {
			if (mine.has(pid) || !mine.has(p.ppid)) continue;
			mine.add(pid);
			grown = true;
		}
	}
	let ticks = 0;
	for (const pid of mine) ticks += procs.get(pid)!.ticks;
	return ticks / 100;
}
