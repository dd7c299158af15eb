/**
 * The headers every answer carries, the app's pages and the API's alike: a Content-Security-
 * Policy, `nosniff`, no referrer, and the camera for the app's own pages only. The app's policy
 * allows scripts from the server itself and the inline scripts of the app's one page, by their
 * hashes (worked out from the page served, so a new build needs no new list); no other script,
 * no plugin, no frame around it. The API's answers are data, never a page: their policy allows
 * nothing. `vite preview` (the browser tests) sends the same headers (vite.config.ts).
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** The `'sha256-…'` source of every inline script of `html` (a `<script>` without `src`). */
export function inlineScriptHashes(html: string): string[] {
	const hashes: string[] = [];
	for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
		if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
		hashes.push(
			`'sha256-${createHash('sha256')
				.update(m[2] ?? '')
				.digest('base64')}'`
		);
	}
	return [...new Set(hashes)];
}

/** The Content-Security-Policy of the app's pages, whose inline scripts hash to `scriptHashes`. */
export function appPolicy(scriptHashes: readonly string[]): string {
	return [
		"default-src 'self'",
		// 'wasm-unsafe-eval' compiles WebAssembly and nothing else: the scanner's ZXing reader
		// (`transfer/scan.ts`), served by this server, on a browser with no BarcodeDetector.
		`script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(' ')}`.trim(),
		// Svelte sets style attributes as it draws; styles run no code.
		"style-src 'self' 'unsafe-inline'",
		// QR codes and signatures are drawn as data: and blob: images.
		"img-src 'self' data: blob:",
		"font-src 'self'",
		// The school server's address is typed by the instructor: it may be another name of this
		// server (docs/server-operations.md) or another server.
		"connect-src 'self' https: http:",
		"worker-src 'self'",
		"manifest-src 'self'",
		"media-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'"
	].join('; ');
}

/** The policy of the API's answers: JSON, never a page to run or frame. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The headers besides the policy, on every answer. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'no-referrer',
	'X-Frame-Options': 'DENY',
	// The camera scans codes in the app's own pages; nothing else, and nothing framed, gets it.
	'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()'
};

/** Every header of an answer on `path`, the app's pages under `appPolicyText`. */
export function headersFor(path: string, appPolicyText: string): Record<string, string> {
	return {
		...COMMON_HEADERS,
		'Content-Security-Policy': path.startsWith('/api/') ? API_POLICY : appPolicyText
	};
}

/**
 * Sets the security headers on every answer. They are set before the route runs (`c.header`), so
 * the answer it makes with `c.json` carries them from the start. Set on the answer after it was
 * made (as before 2026-12-02), they and CORS's header made Hono copy each answer into a web
 * Response whose body Node's adapter then read back as a stream: 5.4 s of the 61 s the server's
 * main thread was busy under the live bench with cards (bench/live.ts, a V8 profile, 01:09 UTC),
 * 9 %. An answer made without `c` (a file served) does not carry them: they go on it after.
 */
export function securityHeaders(appPolicyText: string): MiddlewareHandler {
	return async (c, next) => {
		const headers = headersFor(c.req.path, appPolicyText);
		for (const [name, value] of Object.entries(headers)) c.header(name, value);
		await next();
		if (c.res.headers.get('X-Content-Type-Options') !== null) return;
		for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
	};
}

/**
 * CORS on the API: any origin (app.ts says why). Preflights are answered by `preflight` (Hono's
 * `cors`); any other request gets `Access-Control-Allow-Origin: *`, set before the route runs,
 * as `securityHeaders` sets its own and for the same reason: all that Hono's `cors` sets on such
 * an answer for `origin: '*'`.
 */
export function apiCors(preflight: MiddlewareHandler): MiddlewareHandler {
	return async (c, next) => {
		if (c.req.method === 'OPTIONS') return preflight(c, next);
		c.header('Access-Control-Allow-Origin', '*');
		await next();
		if (c.res.headers.get('Access-Control-Allow-Origin') === null) {
			c.res.headers.set('Access-Control-Allow-Origin', '*');
		}
	};
}
