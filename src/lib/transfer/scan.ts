/**
 * Reading QR codes from the camera: the browser's BarcodeDetector where it has one (Chrome on
 * Android and macOS), else the same API over ZXing-C++ in WebAssembly (`barcode-detector`),
 * imported on first use so it ships only with the scanning screen. Measured against jsQR on
 * the app's own card codes in camera-sized frames (`bench/scan-decoders.ts`), ZXing read every
 * frame both read in 11.8 ms against 65.8 ms at 640×480, so a camera loop takes about five
 * times as many pictures a second. Its `.wasm` is bundled and cached for offline use: nothing
 * is fetched from the network.
 */
/** A running scan; `stop` releases the camera. */
export interface Scanner {
	stop(): void;
}

interface Detector {
	detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

async function nativeDetector(): Promise<Detector | null> {
	const Native = (globalThis as { BarcodeDetector?: any }).BarcodeDetector; // eslint-disable-line @typescript-eslint/no-explicit-any
	if (!Native) return null;
	const formats: string[] = await Native.getSupportedFormats?.().catch(() => []);
	return formats?.includes('qr_code') ? (new Native({ formats: ['qr_code'] }) as Detector) : null;
}

/** The `barcode-detector` ponyfill, its WebAssembly served with the app's own files. */
async function zxingDetector(): Promise<Detector> {
	const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
		import('barcode-detector/ponyfill'),
		import('zxing-wasm/reader/zxing_reader.wasm?url')
	]);
	// The library's default fetches the file from a public CDN; a classroom is often offline.
	prepareZXingModule({
		overrides: {
			locateFile: (path: string, prefix: string) =>
				path.endsWith('.wasm') ? wasmUrl : prefix + path
		}
	});
	return new BarcodeDetector({ formats: ['qr_code'] });
}

/**
 * Starts the back camera in `video` and calls `onText` with each code read (the same code
 * may come many times: the caller keeps what is new).
 * @throws DOMException when the camera is refused or missing (`NotAllowedError`, `NotFoundError`)
 */
export async function startScanner(
	video: HTMLVideoElement,
	onText: (text: string) => void
): Promise<Scanner> {
	const stream = await navigator.mediaDevices.getUserMedia({
		video: { facingMode: 'environment' },
		audio: false
	});
	video.srcObject = stream;
	video.muted = true;
	video.playsInline = true;
	await video.play();
	const detector = (await nativeDetector()) ?? (await zxingDetector());
	let running = true;
	const tick = async () => {
		if (!running) return;
		try {
			for (const code of await detector.detect(video)) onText(code.rawValue);
		} catch {
			// A frame that cannot be read (the video resizing) is skipped; the next one is tried.
		}
		if (running) setTimeout(tick, 150);
	};
	void tick();
	return {
		stop() {
			running = false;
			for (const track of stream.getTracks()) track.stop();
			video.srcObject = null;
		}
	};
}
