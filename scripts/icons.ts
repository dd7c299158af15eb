/**
 * Regenerates the PNG and ICO icons in static/ from static/icon.svg, by screenshotting the SVG in
 * the system Chromium. The outputs are committed; run this only after changing the SVG:
 *
 *     npx --yes tsx scripts/icons.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const STATIC = new URL('../static/', import.meta.url);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The icon's own background, so full-bleed icons have no visible edge. */
const FELT = '#0f5132';

interface Target {
	file: string;
	size: number;
	/** Fill the whole square (maskable and Apple icons, whose corners the platform cuts). */
	bleed: boolean;
	/** Share of the square the SVG takes; maskable icons keep the motif in the central safe zone. */
	scale: number;
}

const targets: Target[] = [
	{ file: 'icon-192.png', size: 192, bleed: false, scale: 1 },
	{ file: 'icon-512.png', size: 512, bleed: false, scale: 1 },
	// The maskable safe zone is a centred circle of 80 % of the width; at 0.8 the domino's
	// corners stay inside it.
	{ file: 'icon-maskable-512.png', size: 512, bleed: true, scale: 0.8 },
	{ file: 'apple-touch-icon.png', size: 180, bleed: true, scale: 0.9 },
	{ file: 'favicon-32.png', size: 32, bleed: false, scale: 1 }
];

/** An .ico holding one PNG image, which every current browser accepts. */
function icoFromPng(png: Buffer, size: number): Buffer {
	const header = Buffer.alloc(6 + 16);
	header.writeUInt16LE(0, 0); // reserved
	header.writeUInt16LE(1, 2); // type: icon
	header.writeUInt16LE(1, 4); // one image
	header.writeUInt8(size >= 256 ? 0 : size, 6);
	header.writeUInt8(size >= 256 ? 0 : size, 7);
	header.writeUInt8(0, 8); // no palette
	header.writeUInt8(0, 9);
	header.writeUInt16LE(1, 10); // colour planes
	header.writeUInt16LE(32, 12); // bits per pixel
	header.writeUInt32LE(png.length, 14);
	header.writeUInt32LE(header.length, 18);
	return Buffer.concat([header, png]);
}

async function main(): Promise<void> {
	if (!existsSync(CHROME)) {
		throw new Error(
			`Chromium not found at ${CHROME}: run \`apt-get install chromium\` (Debian) or set CHROME_PATH`
		);
	}
	const svg = await readFile(new URL('icon.svg', STATIC), 'utf8');
	const browser = await chromium.launch({
		executablePath: CHROME,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync'
		]
	});
	try {
		for (const t of targets) {
			const page = await browser.newPage({ viewport: { width: t.size, height: t.size } });
			const inner = Math.round(t.size * t.scale);
			await page.setContent(`<!doctype html>
<style>
	html, body { margin: 0; width: ${t.size}px; height: ${t.size}px; overflow: hidden; }
	body { display: grid; place-items: center; background: ${t.bleed ? FELT : 'transparent'}; }
	svg { width: ${inner}px; height: ${inner}px; display: block; }
</style>
${svg}`);
			const png = await page.screenshot({ omitBackground: !t.bleed, type: 'png' });
			await page.close();
			if (t.file === 'favicon-32.png') {
				await writeFile(new URL('favicon.ico', STATIC), icoFromPng(png, t.size));
			} else {
				await writeFile(new URL(t.file, STATIC), png);
			}
			console.log(`wrote ${t.file === 'favicon-32.png' ? 'favicon.ico' : t.file}`);
		}
	} finally {
		await browser.close();
	}
}

await main();
