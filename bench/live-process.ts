/**
 * The live classroom's figures (live.ts) measured by `live-only.ts` run as a process of its own,
 * for `npm run bench`: its load generator then never shares a process with the rest of the run
 * (a Node heap grown by the pages' and the server's measurements, whose collections would hold
 * up the generator and count in every latency), as `npm run bench:live` measures it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './report';

/** Figures as JSON, NaN and the infinities kept (JSON would write them as null). */
export function figuresText(figures: readonly Figure[]): string {
	return JSON.stringify(figures, (_k, v: unknown) =>
		typeof v === 'number' && !Number.isFinite(v) ? String(v) : v
	);
}

/** Figures read back from `figuresText`. */
export function figuresFrom(text: string): Figure[] {
	return JSON.parse(text, (k, v: unknown) =>
		k === 'value' && typeof v === 'string' ? Number(v) : v
	) as Figure[];
}

/** The live figures, measured by `live-only.ts` in a process of its own (the app built already). */
export async function liveInOwnProcess(): Promise<Figure[]> {
	const dir = mkdtempSync(join(tmpdir(), 'muggins-bench-live-'));
	const file = join(dir, 'figures.json');
	try {
		const entry = join(import.meta.dirname, 'live-only.ts');
		const code = await new Promise<number | null>((resolve, reject) => {
			const child = spawn(process.execPath, ['--import', 'tsx', entry], {
				env: { ...process.env, BENCH_LIVE_FIGURES: file },
				stdio: 'inherit'
			});
			child.once('error', reject);
			child.once('exit', resolve);
		});
		if (code !== 0) throw new Error(`the live bench's process exited with ${code}`);
		return figuresFrom(readFileSync(file, 'utf8'));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
