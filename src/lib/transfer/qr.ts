/**
 * QR codes drawn as SVG, with `qrcode-generator` (about 20 KB, no dependencies). Imported only
 * by the screens that show codes, so it ships in their chunks and not on every page.
 */
import qrcode from 'qrcode-generator';

/**
 * The SVG of a QR code holding `text`: alphanumeric mode when every character allows it (parts
 * are base45, see `parts.ts`), error correction M (a phone camera on a screen, some glare).
 * The markup is made here from a boolean grid, so it is safe to insert.
 */
export function qrSvg(text: string): string {
	const code = qrcode(0, 'M');
	code.addData(text, /^[0-9A-Z $%*+\-./:]*$/.test(text) ? 'Alphanumeric' : 'Byte');
	code.make();
	const n = code.getModuleCount();
	const quiet = 4;
	let path = '';
	for (let r = 0; r < n; r++) {
		for (let c = 0; c < n; c++) if (code.isDark(r, c)) path += `M${c + quiet} ${r + quiet}h1v1h-1z`;
	}
	const size = n + quiet * 2;
	// Always dark on white, in dark mode too: scanners expect the quiet zone to be light.
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="presentation"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
