/**
 * Reading QR codes off one device's screen and typing their texts into another, as a camera
 * would hand them over: the codes are read from screenshots with jsQR in Node.
 */
import { expect, type Locator, type Page } from '@playwright/test';
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

/** Every code of the set on screen, stepping through them with "Next code". */
export async function readAllCodes(
	page: Page,
	scope: Locator = page.locator('body')
): Promise<string[]> {
	const texts = [await readCode(page, scope)];
	const next = scope.getByRole('button', { name: 'Next code' });
	while ((await next.count()) > 0 && (await next.isEnabled())) {
		const before = texts.at(-1);
		await next.click();
		await expect.poll(() => readCode(page, scope)).not.toBe(before);
		texts.push(await readCode(page, scope));
	}
	return texts;
}

/** Types each code's text into the receiving panel, as the scanner hands it over. */
export async function enterCodes(page: Page, texts: readonly string[]): Promise<void> {
	if (!(await page.getByLabel('Code text').isVisible())) {
		await page.getByText('Type or paste a code’s text').click();
	}
	for (const [i, text] of [...texts].reverse().entries()) {
		await page.getByLabel('Code text').fill(text);
		await page.getByRole('button', { name: 'Read the code' }).click();
		if (i < texts.length - 1) {
			await expect(page.getByRole('status').filter({ hasText: 'read' })).toContainText(
				`${i + 1} of ${texts.length} read`
			);
		}
	}
}
