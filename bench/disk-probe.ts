/**
 * How long the disk takes to make a small write durable while a figure is measured: a push is
 * answered once PostgreSQL has flushed its commit to disk, so a disk that stalls (a virtual
 * machine's, shared with others) stalls every push with it, whatever the server does. The live
 * play's push p95 read 21-43 ms alone and 90-2,181 ms in whole runs (2026-12-03) with the CPUs
 * idle and every card stored; this probe says whether the disk was the one waiting.
 *
 * A child process (so that its waits never hold up the load generator) writes 4 KB and flushes
 * it (`fdatasync`) every `everyMs`, in the folder given (the database's filesystem), and hands
 * back each flush's wall-clock start and duration when stopped.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './paced';

/** One flush: when it began (ms since the epoch) and how long it took (ms). */
export type Flush = [at: number, ms: number];

/** The child's program: flushes on a timer until told to stop, then prints them as JSON. */
const PROGRAM = `
const fs = require('node:fs');
const [file, every] = process.argv.slice(1);
const fd = fs.openSync(file, 'w');
const block = Buffer.alloc(4096, 1);
const flushes = [];
const timer = setInterval(() => {
	const at = Date.now();
	const start = process.hrtime.bigint();
	fs.writeSync(fd, block, 0, block.length, 0);
	fs.fdatasyncSync(fd);
	flushes.push([at, Number(process.hrtime.bigint() - start) / 1e6]);
}, Number(every));
// The bench gone (its pipe closed) before it asked: nothing to hand back.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('data', () => {
	clearInterval(timer);
	process.stdout.write(JSON.stringify(flushes), () => process.exit(0));
});
`;

export interface DiskProbe {
	/** Stops the probe; its flushes, oldest first. */
	stop(): Promise<Flush[]>;
}

/** Starts flushing a small file in a new folder under `dir` every `everyMs`. */
export function startDiskProbe(dir = tmpdir(), everyMs = 50): DiskProbe {
	const folder = mkdtempSync(join(dir, 'muggins-disk-probe-'));
	const child = spawn(process.execPath, ['-e', PROGRAM, join(folder, 'probe'), String(everyMs)], {
		stdio: ['pipe', 'pipe', 'inherit']
	});
	let out = '';
	child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
	const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
	return {
		async stop() {
			child.stdin.write('stop\n');
			await ended;
			rmSync(folder, { recursive: true, force: true });
			return out ? (JSON.parse(out) as Flush[]) : [];
		}
	};
}

/** The `p`th percentile of `flushes`' durations (ms); NaN when there are none. */
export function flushPercentile(flushes: readonly Flush[], p: number): number {
	return flushes.length === 0
		? NaN
		: percentile(
				flushes.map(([, ms]) => ms),
				p
			);
}

/** The flushes in words: "…flushes meanwhile p50 0.4 ms, p99 3.1 ms, longest 12 ms (700 flushes…)". */
export function flushWords(flushes: readonly Flush[], everyMs = 50): string {
	if (flushes.length === 0) return 'disk flushes not measured';
	const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
	const longest = Math.max(...flushes.map(([, ms]) => ms));
	return `the disk's 4 KB flushes meanwhile p50 ${fmt(flushPercentile(flushes, 50))} ms, p99 ${fmt(flushPercentile(flushes, 99))} ms, longest ${fmt(longest)} ms (${flushes.length} flushes, one every ${everyMs} ms)`;
}
