/**
 * jsQR against the `barcode-detector` ponyfill (ZXing-C++ WebAssembly), decoding the app's own
 * card codes in Chromium (issue 36): each code as the app draws it, put in a camera-sized frame
 * (grey surround, soft, off the pixel grid, with noise), decoded `RUNS` times by each. The
 * codes are real: a 30-event card's moving code and a receipt, read in the class-hour browser
 * test (`bench/fixtures/card-codes.json`). Run: `npx tsx bench/scan-decoders.ts` (needs
 * `npm install --no-save barcode-detector`: not a dependency unless it wins).
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support';

const root = join(import.meta.dirname, '..');
const RUNS = Number(process.env.SCAN_RUNS ?? 9);
const SIZES = [
	{ width: 640, height: 480, side: 300 },
	{ width: 1280, height: 720, side: 520 }
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
	const codes = JSON.parse(readFileSync(join(root, 'bench/fixtures/card-codes.json'), 'utf8')) as {
		card: string[];
		receipt: string[];
	};
	const out = await build({
		entryPoints: [join(root, 'bench/scan-entry.ts')],
		bundle: true,
		format: 'iife',
		write: false,
		alias: { $lib: join(root, 'src/lib') },
		logLevel: 'silent'
	});
	const wasm = readFileSync(
		join(root, 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm')
	).toString('base64');
	const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
	const page = await browser.newPage();
	await page.setContent('<!doctype html><title>scan bench</title>');
	await page.addScriptTag({ content: out.outputFiles[0]?.text ?? '' });
	const texts = [...codes.card, ...codes.receipt];
	for (const size of SIZES) {
		const result = await page.evaluate(
			({ texts, size, runs, wasm }) =>
				(
					globalThis as unknown as {
						scanBench: (
							t: string[],
							o: object
						) => Promise<{
							native: boolean;
							firstUseMs: number;
							timings: { decoder: string; text: string; ok: number; runs: number; ms: number[] }[];
						}>;
					}
				).scanBench(texts, { ...size, runs, wasm }),
			{ texts, size, runs: RUNS, wasm }
		);
		console.log(
			`${size.width}x${size.height}, code ${size.side} px; native BarcodeDetector here: ${result.native}; ` +
				`ZXing first use (load + compile): ${result.firstUseMs.toFixed(0)} ms`
		);
		for (const decoder of ['jsQR', 'barcode-detector']) {
			const rows = result.timings.filter((t) => t.decoder === decoder);
			const all = rows.flatMap((r) => r.ms);
			const ok = rows.reduce((a, r) => a + r.ok, 0);
			const runs = rows.reduce((a, r) => a + r.runs, 0);
			const perCode = rows.map((r) => `${r.text.length} chars ${median(r.ms).toFixed(1)} ms`);
			console.log(
				`  ${decoder}: median ${median(all).toFixed(1)} ms a frame, read ${ok}/${runs}; ${perCode.join(', ')}`
			);
		}
	}
	await browser.close();
}

await main();
