import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
	EARLY_CLASS,
	FIRST_VISIT_ID,
	FIRST_VISIT_READY,
	RAN_KEYS,
	STARTED_KEY,
	buildKey,
	nextMidnight,
	paintKeyOf,
	PAINT_KEYS,
	type KeptPaint
} from '$lib/early-paint';
import { DB_NAME, noteKey } from '$lib/db/version-note';
import { memoryStorage } from './support/memory-storage';

const APP_HTML = readFileSync(new URL('../../src/app.html', import.meta.url), 'utf8');

/** The early paint's script in the page (src/app.html): the body's first. */
const script = (() => {
	const found = /<body[^>]*>\s*<script>([\s\S]*?)<\/script>/.exec(APP_HTML);
	if (!found?.[1]) throw new Error('No script at the start of the body in src/app.html');
	return found[1];
})();

/** A first visit's Home in the page (src/app.html), as `npm run first-visit` wrote it. */
const firstVisit = (() => {
	const found = new RegExp(`<template id="${FIRST_VISIT_ID}">([^]*?)</template>`).exec(APP_HTML);
	if (!found?.[1]) throw new Error(`No <template id="${FIRST_VISIT_ID}"> in src/app.html`);
	return found[1];
})();

const MODULES = ['/_app/immutable/entry/start.A.js', '/_app/immutable/entry/app.B.js'];

/** A page as far as the script sees it, at `path`, with `modules` preloaded. */
function page(path: string, modules = MODULES) {
	const added: {
		className: string;
		dataset: Record<string, string>;
		inert?: boolean;
		innerHTML: string;
	}[] = [];
	const document = {
		querySelectorAll: (selector: string) =>
			selector === 'link[rel="modulepreload"]'
				? modules.map((href) => ({
						getAttribute: (name: string) => (name === 'href' ? href : null)
					}))
				: [],
		createElement: () => ({ className: '', dataset: {}, innerHTML: '' }),
		// A template's `innerHTML` is its content's markup, as written in the page.
		getElementById: (id: string) => (id === FIRST_VISIT_ID ? { innerHTML: firstVisit } : null),
		body: { append: (el: (typeof added)[number]) => added.push(el) }
	};
	return { added, document, location: { pathname: path } };
}

/** Runs the page's script on `at` with `storage`; what it added to the body. */
function run(at: ReturnType<typeof page>, storage: ReturnType<typeof memoryStorage>) {
	runInNewContext(script, {
		document: at.document,
		location: at.location,
		localStorage: storage,
		JSON,
		Date
	});
	return at.added;
}

/** A screen kept at `path` by early-paint.ts, for the build of `at`. */
function kept(path: string, at: ReturnType<typeof page>, change: Partial<KeptPaint> = {}) {
	const storage = memoryStorage();
	const key = paintKeyOf(path);
	if (!key) throw new Error(`${path} is not kept`);
	const paint: KeptPaint = {
		path,
		build: buildKey(at.document as unknown as Document),
		until: nextMidnight(new Date()),
		ready: '.lists',
		html: '<div class="frame">kept</div>',
		...change
	};
	storage.items.set(key, JSON.stringify(paint));
	// The app kept it, so it ran here.
	storage.items.set(STARTED_KEY, '1');
	return storage;
}

describe("the page's early paint script", () => {
	it('shows the screen kept for its address and build, as early-paint.ts keeps it', () => {
		for (const path of ['/', '/game/g1']) {
			const at = page(path);
			const added = run(at, kept(path, at));
			expect(added).toEqual([
				{
					className: EARLY_CLASS,
					dataset: { ready: '.lists' },
					inert: true,
					innerHTML: '<div class="frame">kept</div>'
				}
			]);
		}
	});

	it('shows nothing kept for another build, another game, or an earlier day', () => {
		const home = page('/');
		expect(run(page('/', ['/_app/immutable/entry/start.C.js']), kept('/', home))).toEqual([]);
		const game = page('/game/g2');
		expect(run(game, kept('/game/g1', game))).toEqual([]);
		expect(run(home, kept('/', home, { until: Date.now() - 1 }))).toEqual([]);
	});

	it('knows a device that ran the app by the note the store writes at every opening', () => {
		// Written out in early-paint.ts and app.html, so neither loads the store's code.
		expect(RAN_KEYS).toContain(noteKey(DB_NAME));
	});

	it('shows nothing on other pages, with nothing kept on a device that ran the app, or when storage refuses', () => {
		const league = page('/league');
		const storage = memoryStorage();
		for (const key of Object.values(PAINT_KEYS)) storage.items.set(key, '{}');
		expect(run(league, storage)).toEqual([]);
		expect(run(page('/league'), memoryStorage())).toEqual([]);
		expect(run(page('/game/g1'), memoryStorage())).toEqual([]);
		for (const key of RAN_KEYS) {
			const ran = memoryStorage();
			ran.items.set(key, '1');
			expect(run(page('/'), ran), key).toEqual([]);
		}
		expect(run(page('/'), memoryStorage(true))).toEqual([]);
	});

	it('shows a first visit’s Home at / on a device that never ran the app', () => {
		expect(run(page('/'), memoryStorage())).toEqual([
			{
				className: EARLY_CLASS,
				dataset: { ready: FIRST_VISIT_READY },
				inert: true,
				innerHTML: firstVisit
			}
		]);
		// A kept screen comes first (had a device kept one without the mark of a start).
		const at = page('/');
		const storage = kept('/', at);
		storage.items.delete(STARTED_KEY);
		expect(run(at, storage)[0]?.innerHTML).toBe('<div class="frame">kept</div>');
	});
});

/** The text of `html`, each run of text apart, its spaces as one and its entities read. */
function textsOf(html: string): string[] {
	const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };
	return html
		.split(/<[^>]*>/)
		.map((t) => t.replace(/&(\w+);/g, (_, name: string) => entities[name] ?? `&${name};`))
		.map((t) => t.replace(/\s+/g, ' ').trim())
		.filter((t) => t !== '');
}

describe('a first visit’s Home in the page', () => {
	// The browser test (tests/e2e/pwa.test.ts) checks it node for node against the app's drawing;
	// this, without a build, that its words are the app's own, where the app keeps them.
	const sources = [
		'src/routes/+layout.svelte',
		'src/routes/app-nav.svelte',
		'src/routes/+page.svelte',
		'src/routes/first-start.svelte',
		'src/routes/welcome.svelte'
	]
		.map((file) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))
		.join('\n')
		.replace(/\s+/g, ' ');

	it('says only what the app’s first visit says, in its words', () => {
		const texts = textsOf(firstVisit);
		expect(texts.length).toBeGreaterThan(20);
		for (const text of texts) expect(sources, text).toContain(text);
	});

	it('holds the frame, Home’s heading, the first-start question and the welcome, in that order', () => {
		const order = [
			'class="skip-link',
			'class="frame',
			'class="app-nav',
			'<main id="main"',
			'<h1>Muggins League</h1>',
			'class="card first-start',
			'class="card welcome'
		].map((part) => firstVisit.indexOf(part));
		expect(order.every((at) => at >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		// Markup the app drew, without Svelte's comment markers, and nothing of its own.
		expect(firstVisit).not.toContain('<!--');
		expect(firstVisit).not.toMatch(/<script|early-paint/);
	});
});

describe('paintKeyOf and nextMidnight', () => {
	it('keeps Home and a game’s scorecard, not its other pages', () => {
		expect(paintKeyOf('/')).toBe(PAINT_KEYS.home);
		expect(paintKeyOf('/game/abc')).toBe(PAINT_KEYS.game);
		expect(paintKeyOf('/game/abc/sign')).toBeNull();
		expect(paintKeyOf('/league')).toBeNull();
	});

	it('is the next local midnight', () => {
		const now = new Date(2026, 11, 2, 23, 59);
		expect(nextMidnight(now)).toBe(new Date(2026, 11, 3).getTime());
	});
});
