/**
 * A camera for the browser tests: Chromium's fake capture device plays a Y4M video file, here
 * the QR codes of a message shown one after another, as a phone's screen held up to a laptop's
 * camera would. The file is written before the scan starts and read again by Chromium each time
 * the camera opens.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import qrcode from 'qrcode-generator';
import { CHROME_ARGS, CHROME_PATH } from './support';

const WIDTH = 640;
const HEIGHT = 480;
/** Pictures a second of the video; each code stays `HOLD` of them, as a moving code's 220 ms. */
const FPS = 10;
const HOLD = 3;

/** Chromium with a fake camera playing `video` (and the camera allowed without asking). */
export async function browserWithCamera(video: string): Promise<Browser> {
	writeFileSync(video, y4m([]));
	return chromium.launch({
		executablePath: CHROME_PATH,
		args: [
			...CHROME_ARGS,
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream',
			`--use-file-for-fake-video-capture=${video}`
		]
	});
}

/** Puts the codes of `texts` in front of the fake camera, in a loop. */
export function showToCamera(video: string, texts: readonly string[]): void {
	writeFileSync(video, y4m(texts));
}

/** The luma of one picture: `text`'s code, black on white, centred on a grey desk. */
function picture(text: string | null): Uint8Array {
	const luma = new Uint8Array(WIDTH * HEIGHT).fill(140);
	if (text === null) return luma;
	const code = qrcode(0, 'M');
	code.addData(text, /^[0-9A-Z $%*+\-./:]*$/.test(text) ? 'Alphanumeric' : 'Byte');
	code.make();
	const modules = code.getModuleCount() + 8;
	const scale = Math.floor((HEIGHT * 0.95) / modules);
	const left = Math.floor((WIDTH - modules * scale) / 2);
	const top = Math.floor((HEIGHT - modules * scale) / 2);
	for (let y = 0; y < modules * scale; y++) {
		for (let x = 0; x < modules * scale; x++) {
			const r = Math.floor(y / scale) - 4;
			const c = Math.floor(x / scale) - 4;
			const inside = r >= 0 && c >= 0 && r < modules - 8 && c < modules - 8;
			luma[(top + y) * WIDTH + left + x] = inside && code.isDark(r, c) ? 16 : 235;
		}
	}
	return luma;
}

/** A Y4M file (4:2:0, no colour) of `texts`' codes, each held `HOLD` pictures. */
function y4m(texts: readonly string[]): Buffer {
	const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
	const frames = (texts.length ? texts : [null]).flatMap((t) => {
		const frame = Buffer.concat([Buffer.from('FRAME\n'), picture(t), chroma]);
		return Array.from({ length: HOLD }, () => frame);
	});
	const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
	return Buffer.concat([header, ...frames]);
}
