/**
 * Reading QR codes off one device's screen and typing their texts into another, as a camera
 * would hand them over: the codes are read from screenshots with jsQR in Node.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { URDecoder } from '@ngraveio/bc-ur';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code on screen (within `scope`), read from a screenshot of it. */
export async function readCode(page: Page, scope: Locator = page.locator('body')): Promise<string> {
	const code = scope.locator('.qr .code');
	await expect(code.locator('svg')).toBeVisible();
	// Centred, as a student holds it up: clear of the app's bottom bar.
	await code.evaluate((el) => el.scrollIntoView({ block: 'center' }));
	const png = PNG.sync.read(await code.screenshot());
	const found = decode(png) ?? decode(await drawnAtWholePixels(code));
	if (!found) throw new Error('no QR code could be read from the screenshot');
	return found;
}

function decode(png: PNG): string | null {
	return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/**
 * The code's SVG drawn at 4 pixels a module. jsQR now and then misses a dense code in a
 * screenshot, whose modules fall a fraction of a pixel off the screen's grid, where a camera,
 * seeing it at many sizes, would not: this reads the same drawing at a clean size.
 */
async function drawnAtWholePixels(code: Locator): Promise<PNG> {
	const url = await code.locator('svg').evaluate(async (svg: SVGSVGElement) => {
		const { width, height } = svg.viewBox.baseVal;
		const image = new Image();
		image.src = `data:image/svg+xml,${encodeURIComponent(svg.outerHTML)}`;
		await image.decode();
		const canvas = document.createElement('canvas');
		canvas.width = width * 4;
		canvas.height = height * 4;
		const context = canvas.getContext('2d')!;
		context.imageSmoothingEnabled = false;
		context.drawImage(image, 0, 0, canvas.width, canvas.height);
		return canvas.toDataURL('image/png');
	});
	return PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

/** A moving code's picture (`transfer/frames.ts`), not a plain one. */
export function isFrame(text: string): boolean {
	return /^UR:/i.test(text);
}

/**
 * The code on screen: one text, or the pictures of a moving code until they make up the whole
 * message, the loop paused and each picture read once, stepped with "Next". On a loaded
 * machine, screenshots chasing a loop of 220 ms pictures missed frames for minutes; a camera
 * reading the loop as it plays is `camera.test.ts`'s, through Chromium's fake camera.
 */
export async function readAllCodes(
	page: Page,
	scope: Locator = page.locator('body')
): Promise<string[]> {
	const first = await readCode(page, scope);
	if (!isFrame(first)) return [first];
	const pause = scope.getByRole('button', { name: 'Pause', exact: true });
	if ((await pause.count()) > 0) await pause.click();
	const next = scope.getByRole('button', { name: 'Next', exact: true });
	const decoder = new URDecoder();
	const texts: string[] = [];
	for (let i = 0; i < 120 && !decoder.isComplete(); i++) {
		const text = await readCode(page, scope).catch(() => null);
		if (text !== null && !texts.includes(text)) {
			texts.push(text);
			decoder.receivePart(text);
		}
		if (!decoder.isComplete()) await next.click();
	}
	if (!decoder.isSuccess()) throw new Error(`the moving code was not read whole: ${texts.length}`);
	return texts;
}

/**
 * Types each code's text into the receiving panel, as the scanner hands it over: numbered
 * parts last first ("2 of 3 read"), a moving code's pictures as they were read ("62% read").
 */
export async function enterCodes(
	page: Page,
	texts: readonly string[],
	scope: Locator = page.locator('body')
): Promise<void> {
	if (!(await scope.getByLabel('Code text').isVisible())) {
		await scope.getByText('Type or paste a code’s text').click();
	}
	const moving = texts.some(isFrame);
	for (const [i, text] of (moving ? texts : [...texts].reverse()).entries()) {
		await scope.getByLabel('Code text').fill(text);
		await scope.getByRole('button', { name: 'Read the code' }).click();
		if (i < texts.length - 1) {
			await expect(scope.getByRole('status').filter({ hasText: 'read' })).toContainText(
				moving ? /\d{1,2}% read/ : `${i + 1} of ${texts.length} read`
			);
		}
	}
}
