/**
 * Reading QR codes from the camera: the browser's BarcodeDetector where it has one, else
 * jsQR on canvas frames, imported here on first use so it ships only with the scanning screen.
 * Everything is bundled: nothing is fetched from the network.
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

/** A detector reading one frame of `video` with jsQR. */
async function jsDetector(): Promise<Detector> {
	const { default: jsQR } = await import('jsqr');
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d', { willReadFrequently: true });
	return {
		async detect(source) {
			const video = source as HTMLVideoElement;
			if (!context || video.videoWidth === 0) return [];
			canvas.width = video.videoWidth;
			canvas.height = video.videoHeight;
			context.drawImage(video, 0, 0);
			const image = context.getImageData(0, 0, canvas.width, canvas.height);
			const found = jsQR(image.data, image.width, image.height, {
				inversionAttempts: 'dontInvert'
			});
			return found ? [{ rawValue: found.data }] : [];
		}
	};
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
	const detector = (await nativeDetector()) ?? (await jsDetector());
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
