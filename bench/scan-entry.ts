/**
 * Bundled for the page by `scan-decoders.ts`: the app's QR drawing (`transfer/qr.ts`) and the
 * two decoders compared, jsQR (as `transfer/scan.ts` calls it) and the `barcode-detector`
 * ponyfill (ZXing-C++ in WebAssembly, its `.wasm` handed in as bytes: nothing is fetched).
 */
import jsQR from 'jsqr';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import { qrSvg } from '$lib/transfer/qr';

/** One frame as a camera would hand it over: `width`×`height`, the code `side` px, blurred. */
async function frame(text: string, width: number, height: number, side: number) {
	const image = new Image();
	image.src = `data:image/svg+xml,${encodeURIComponent(qrSvg(text))}`;
	await image.decode();
	const canvas = document.createElement('canvas');
	canvas.width = width;
	canvas.height = height;
	const context = canvas.getContext('2d', { willReadFrequently: true })!;
	// A screen seen by a camera: grey surround, the code a little soft and off the pixel grid.
	context.fillStyle = '#8a8f96';
	context.fillRect(0, 0, width, height);
	context.filter = 'blur(0.6px)';
	context.imageSmoothingEnabled = true;
	context.drawImage(image, (width - side) / 2 + 0.37, (height - side) / 2 + 0.61, side, side);
	context.filter = 'none';
	// Sensor noise, the same for both decoders (a fixed sequence).
	const data = context.getImageData(0, 0, width, height);
	let seed = 7;
	for (let i = 0; i < data.data.length; i += 4) {
		seed = (seed * 1103515245 + 12345) & 0x7fffffff;
		const n = (seed % 17) - 8;
		for (let k = 0; k < 3; k++)
			data.data[i + k] = Math.max(0, Math.min(255, data.data[i + k]! + n));
	}
	return data;
}

interface Timing {
	decoder: string;
	text: string;
	ok: number;
	runs: number;
	ms: number[];
}

async function measure(
	texts: string[],
	opts: { width: number; height: number; side: number; runs: number; wasm: string }
): Promise<{ native: boolean; timings: Timing[]; firstUseMs: number }> {
	const bytes = Uint8Array.from(atob(opts.wasm), (c) => c.charCodeAt(0));
	prepareZXingModule({ overrides: { wasmBinary: bytes.buffer } });
	const zxing = new BarcodeDetector({ formats: ['qr_code'] });
	const native = 'BarcodeDetector' in globalThis;
	const timings: Timing[] = [];
	let firstUseMs = 0;
	for (const [i, text] of texts.entries()) {
		const data = await frame(text, opts.width, opts.height, opts.side);
		const js: Timing = { decoder: 'jsQR', text, ok: 0, runs: opts.runs, ms: [] };
		const zx: Timing = { decoder: 'barcode-detector', text, ok: 0, runs: opts.runs, ms: [] };
		if (i === 0) {
			// The first detect loads and compiles the WebAssembly: timed apart, once.
			const t = performance.now();
			await zxing.detect(data);
			firstUseMs = performance.now() - t;
		}
		for (let r = 0; r < opts.runs; r++) {
			let t = performance.now();
			const a = jsQR(data.data, data.width, data.height, { inversionAttempts: 'dontInvert' });
			js.ms.push(performance.now() - t);
			if (a?.data === text) js.ok++;
			t = performance.now();
			const b = await zxing.detect(data);
			zx.ms.push(performance.now() - t);
			if (b[0]?.rawValue === text) zx.ok++;
		}
		timings.push(js, zx);
	}
	return { native, timings, firstUseMs };
}

(globalThis as unknown as { scanBench: typeof measure }).scanBench = measure;
