/**
 * How fast the machine runs right now, as one figure: the same fixed work on one core (JSON
 * written and read, SHA-256, a sort), timed. This virtual machine's speed moves through the day
 * by a factor of 1.3 to 3 (docs/speed.md: the server's CPU a card 0.41 ms one morning, 1.1-1.3
 * ms that evening; a restore of 10 classes 7.8-8.6 s at 06:41 UTC and 9.0-12.9 s at 09:27 on
 * 2026-12-03, the same code and file), and every budget is read against this machine: the
 * figure, at the start and at the end of a whole run, says which machine a run met. It is the
 * CPU's speed only: over two whole runs it followed the live server's CPU a message, not the
 * restores, which wait on the browser's processes, IndexedDB and the disk (docs/speed.md).
 */
import { createHash } from 'node:crypto';

/** The fixed work: 0.24-0.29 s here on 2026-12-03. Returns a checksum so none is skipped. */
function work(): number {
	const rows = Array.from({ length: 40_000 }, (_, i) => ({
		id: `g${i}`,
		seq: i % 30,
		event: { type: 'score', player: `p${i % 34}`, count: (i % 4) * 5 },
		at: '2026-01-12T09:00:00.000Z'
	}));
	const text = JSON.stringify(rows);
	const back = JSON.parse(text) as typeof rows;
	const hash = createHash('sha256');
	for (let i = 0; i < 40; i++) hash.update(text);
	const numbers = back.map((r, i) => (r.seq * 7919 + i * 104_729) % 1_000_003);
	numbers.sort((a, b) => a - b);
	return numbers[numbers.length >> 1]! + hash.digest()[0]!;
}

/** The median of `runs` timings of the fixed work, in ms (one untimed run first, to warm up). */
export function referenceWorkMs(runs = 5): number {
	let sink = work();
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		sink += work();
		times.push(performance.now() - t0);
	}
	if (Number.isNaN(sink)) throw new Error('the reference work went wrong');
	times.sort((a, b) => a - b);
	return times[times.length >> 1]!;
}
